#include <mtdev-plumbing.h>
