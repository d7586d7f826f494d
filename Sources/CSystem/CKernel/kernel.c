#include "CKernel.h"
#include <errno.h>
#include <sys/ioctl.h>
#include <linux/kd.h>

const int METRO_KD_TEXT = KD_TEXT;
const int METRO_KD_GRAPHICS = KD_GRAPHICS;
const int METRO_K_OFF = K_OFF;

static int result(int r) { return r < 0 ? -errno : r; }

int metro_vt_get_mode(int fd, int *mode) { return result(ioctl(fd, KDGETMODE, mode)); }
int metro_vt_set_mode(int fd, int mode) { return result(ioctl(fd, KDSETMODE, (unsigned long)mode)); }
int metro_vt_get_keyboard_mode(int fd, int *mode) { return result(ioctl(fd, KDGKBMODE, mode)); }
int metro_vt_set_keyboard_mode(int fd, int mode) { return result(ioctl(fd, KDSKBMODE, (unsigned long)mode)); }

int metro_uinput_set_bit(int fd, int kind, int code) {
    unsigned long request;
    switch (kind) {
    case METRO_UINPUT_EVBIT: request = UI_SET_EVBIT; break;
    case METRO_UINPUT_KEYBIT: request = UI_SET_KEYBIT; break;
    case METRO_UINPUT_ABSBIT: request = UI_SET_ABSBIT; break;
    case METRO_UINPUT_PROPBIT: request = UI_SET_PROPBIT; break;
    default: return -EINVAL;
    }
    return result(ioctl(fd, request, (unsigned long)code));
}
int metro_uinput_setup(int fd, const struct uinput_setup *setup) { return result(ioctl(fd, UI_DEV_SETUP, setup)); }
int metro_uinput_abs_setup(int fd, const struct uinput_abs_setup *abs) { return result(ioctl(fd, UI_ABS_SETUP, abs)); }
int metro_uinput_create(int fd) { return result(ioctl(fd, UI_DEV_CREATE)); }
int metro_uinput_destroy(int fd) { return result(ioctl(fd, UI_DEV_DESTROY)); }
int metro_uinput_sysname(int fd, char *buffer, unsigned length) { return result(ioctl(fd, UI_GET_SYSNAME(length), buffer)); }
