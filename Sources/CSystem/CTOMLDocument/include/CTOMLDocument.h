#ifndef METRO_TOML_DOCUMENT_H
#define METRO_TOML_DOCUMENT_H

// A parsed TOML document as the kiosk reads it: one allocation per parse, freed by metro_toml_free, and nothing
// else allocated on the way out. Nodes and string bytes are borrowed from the document and live as long as it.
// toml++ (Debian's libtomlplusplus-dev) does the parsing with exceptions off, so a syntax error is a value here.

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct MetroTOMLDocument MetroTOMLDocument;
typedef struct MetroTOMLNode MetroTOMLNode;

typedef enum MetroTOMLKind {
    MetroTOMLKindNone = 0,
    MetroTOMLKindTable,
    MetroTOMLKindArray,
    MetroTOMLKindString,
    MetroTOMLKindInteger,
    MetroTOMLKindFloat,
    MetroTOMLKindBoolean,
    MetroTOMLKindDate,
    MetroTOMLKindTime,
    MetroTOMLKindDateTime,
} MetroTOMLKind;

/// Parses `length` bytes of `text` (NULL with 0: empty); never NULL (NULL only when memory runs out). Check metro_toml_root: NULL means
/// a syntax error, described by metro_toml_error_*.
MetroTOMLDocument *_Nullable metro_toml_parse(const char *_Nullable text, size_t length);
void metro_toml_free(MetroTOMLDocument *_Nullable document);

/// The root table, or NULL when the text did not parse.
const MetroTOMLNode *_Nullable metro_toml_root(const MetroTOMLDocument *_Nonnull document);
/// The syntax error's description (borrowed, `*length` bytes) and where it begins (1-based).
const char *_Nullable metro_toml_error_description(const MetroTOMLDocument *_Nonnull document, size_t *_Nonnull length);
uint32_t metro_toml_error_line(const MetroTOMLDocument *_Nonnull document);
uint32_t metro_toml_error_column(const MetroTOMLDocument *_Nonnull document);

MetroTOMLKind metro_toml_kind(const MetroTOMLNode *_Nonnull node);
/// Entries of a table or elements of an array; 0 for anything else.
size_t metro_toml_count(const MetroTOMLNode *_Nonnull node);

/// The value at `key` of a table, or NULL.
const MetroTOMLNode *_Nullable metro_toml_table_get(const MetroTOMLNode *_Nonnull table, const char *_Nullable key,
                                                    size_t keyLength);
/// The keys of a table in order, borrowed: at most `capacity` written; returns how many.
size_t metro_toml_table_keys(const MetroTOMLNode *_Nonnull table, const char *_Nonnull *_Nonnull keys,
                             size_t *_Nonnull lengths, size_t capacity);
/// The element at `index` of an array, or NULL.
const MetroTOMLNode *_Nullable metro_toml_array_get(const MetroTOMLNode *_Nonnull array, size_t index);

/// Scalars: false when the node is of another kind. String bytes are borrowed and may hold NUL.
bool metro_toml_string(const MetroTOMLNode *_Nonnull node, const char *_Nullable *_Nonnull bytes, size_t *_Nonnull length);
bool metro_toml_integer(const MetroTOMLNode *_Nonnull node, int64_t *_Nonnull value);
bool metro_toml_float(const MetroTOMLNode *_Nonnull node, double *_Nonnull value);
bool metro_toml_boolean(const MetroTOMLNode *_Nonnull node, bool *_Nonnull value);

#ifdef __cplusplus
}
#endif

#endif
