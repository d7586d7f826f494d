// toml++ header-only with exceptions off: a syntax error comes back as a parse_result, not a throw, and no shared
// library (built with exceptions on, in another ABI namespace) is linked.
#define TOML_HEADER_ONLY 1
#define TOML_EXCEPTIONS 0
#define TOML_ENABLE_FORMATTERS 0
#include <toml++/toml.h>

#include <new>
#include <string>

#include "CTOMLDocument.h"

struct MetroTOMLDocument {
    toml::parse_result result;
};

static const toml::node *node(const MetroTOMLNode *n) { return reinterpret_cast<const toml::node *>(n); }
static const MetroTOMLNode *handle(const toml::node *n) { return reinterpret_cast<const MetroTOMLNode *>(n); }

extern "C" {

MetroTOMLDocument *metro_toml_parse(const char *text, size_t length) {
    return new (std::nothrow) MetroTOMLDocument{toml::parse(length ? std::string_view(text, length) : std::string_view())};
}

void metro_toml_free(MetroTOMLDocument *document) { delete document; }

const MetroTOMLNode *metro_toml_root(const MetroTOMLDocument *document) {
    return document->result ? handle(&document->result.table()) : nullptr;
}

const char *metro_toml_error_description(const MetroTOMLDocument *document, size_t *length) {
    if (document->result) { *length = 0; return nullptr; }
    auto description = document->result.error().description();
    *length = description.size();
    return description.data();
}

uint32_t metro_toml_error_line(const MetroTOMLDocument *document) {
    return document->result ? 0 : document->result.error().source().begin.line;
}

uint32_t metro_toml_error_column(const MetroTOMLDocument *document) {
    return document->result ? 0 : document->result.error().source().begin.column;
}

MetroTOMLKind metro_toml_kind(const MetroTOMLNode *n) {
    switch (node(n)->type()) {
        case toml::node_type::table: return MetroTOMLKindTable;
        case toml::node_type::array: return MetroTOMLKindArray;
        case toml::node_type::string: return MetroTOMLKindString;
        case toml::node_type::integer: return MetroTOMLKindInteger;
        case toml::node_type::floating_point: return MetroTOMLKindFloat;
        case toml::node_type::boolean: return MetroTOMLKindBoolean;
        case toml::node_type::date: return MetroTOMLKindDate;
        case toml::node_type::time: return MetroTOMLKindTime;
        case toml::node_type::date_time: return MetroTOMLKindDateTime;
        default: return MetroTOMLKindNone;
    }
}

size_t metro_toml_count(const MetroTOMLNode *n) {
    if (auto table = node(n)->as_table()) return table->size();
    if (auto array = node(n)->as_array()) return array->size();
    return 0;
}

const MetroTOMLNode *metro_toml_table_get(const MetroTOMLNode *n, const char *key, size_t keyLength) {
    auto table = node(n)->as_table();
    return table ? handle(table->get(keyLength ? std::string_view(key, keyLength) : std::string_view())) : nullptr;
}

size_t metro_toml_table_keys(const MetroTOMLNode *n, const char **keys, size_t *lengths, size_t capacity) {
    auto table = node(n)->as_table();
    if (!table) return 0;
    size_t written = 0;
    for (auto &&[key, value] : *table) {
        if (written == capacity) break;
        keys[written] = key.str().data();
        lengths[written] = key.str().size();
        written++;
    }
    return written;
}

const MetroTOMLNode *metro_toml_array_get(const MetroTOMLNode *n, size_t index) {
    auto array = node(n)->as_array();
    return array && index < array->size() ? handle(array->get(index)) : nullptr;
}

bool metro_toml_string(const MetroTOMLNode *n, const char **bytes, size_t *length) {
    auto value = node(n)->as_string();
    if (!value) return false;
    *bytes = value->get().data();
    *length = value->get().size();
    return true;
}

bool metro_toml_integer(const MetroTOMLNode *n, int64_t *out) {
    auto value = node(n)->as_integer();
    if (!value) return false;
    *out = value->get();
    return true;
}

bool metro_toml_float(const MetroTOMLNode *n, double *out) {
    auto value = node(n)->as_floating_point();
    if (!value) return false;
    *out = value->get();
    return true;
}

bool metro_toml_boolean(const MetroTOMLNode *n, bool *out) {
    auto value = node(n)->as_boolean();
    if (!value) return false;
    *out = value->get();
    return true;
}

}
