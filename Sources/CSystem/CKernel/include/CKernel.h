#ifndef METRO_CKERNEL_H
#define METRO_CKERNEL_H
// Kernel interfaces Swift cannot reach by itself: ioctl is variadic and the request numbers are
// function-like macros (_IOW, ...), so each request is wrapped here as a plain function.
#include <stdint.h>
#include <linux/input.h>
#include <linux/uinput.h>
#include <sys/signalfd.h>

// Virtual terminal (linux/kd.h). Return 0 or -errno.
int metro_vt_get_mode(int fd, int *mode);
int metro_vt_set_mode(int fd, int mode);
int metro_vt_get_keyboard_mode(int fd, int *mode);
int metro_vt_set_keyboard_mode(int fd, int mode);
extern const int METRO_KD_TEXT;
extern const int METRO_KD_GRAPHICS;
extern const int METRO_K_OFF;

// uinput (linux/uinput.h). Return 0 or -errno.
int metro_uinput_set_bit(int fd, int kind, int code);
int metro_uinput_setup(int fd, const struct uinput_setup *setup);
int metro_uinput_abs_setup(int fd, const struct uinput_abs_setup *abs);
int metro_uinput_create(int fd);
int metro_uinput_destroy(int fd);
int metro_uinput_sysname(int fd, char *buffer, unsigned length);

// Which uinput_set_bit kind to use.
enum {
    METRO_UINPUT_EVBIT = 0,
    METRO_UINPUT_KEYBIT = 1,
    METRO_UINPUT_ABSBIT = 2,
    METRO_UINPUT_PROPBIT = 3,
};

#endif
