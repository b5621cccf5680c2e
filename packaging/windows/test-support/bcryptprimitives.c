/*
 * TEST ONLY — never shipped, never put in the zip or the installer.
 *
 * Rust's standard library (1.78 and later) gets its random numbers on Windows from
 * ProcessPrng in bcryptprimitives.dll, which every Windows 10 and 11 has. Wine 8.0 (Debian 12's
 * wine) has no bcryptprimitives.dll, so tourney.exe does not start under it. This stand-in is
 * built with MinGW and copied into a scratch Wine prefix's system32 only to test Tourney under
 * Wine (packaging/windows/README.md says how):
 *
 *   x86_64-w64-mingw32-gcc -shared -O2 -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
 *       packaging/windows/test-support/bcryptprimitives.c -ladvapi32
 *
 * ProcessPrng fills the buffer from RtlGenRandom (advapi32's SystemFunction036), which Wine
 * has (it returns FALSE only if that fails; the real one always returns TRUE).
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
    while (length > 0) {
        ULONG chunk = length > 0x40000000 ? 0x40000000 : (ULONG)length;
        if (!SystemFunction036(data, chunk))
            return FALSE;
        data += chunk;
        length -= chunk;
    }
    return TRUE;
}
