; Tourney's Windows installer (NSIS 3, `makensis`). packaging/build-windows.sh builds it and
; passes what it needs as /D defines:
;   VERSION    the version (desktop's Cargo.toml), VERSION4 the same as four numbers (0.1.0.0)
;   OUTFILE    the installer to write
;   STAGE      a folder holding what is installed: tourney.exe, tourney.ico, README.md,
;              docs\guide\*.md, licences\*
;
; Per user, without administrator rights (clubs' laptops are often locked down): the program
; goes to %LOCALAPPDATA%\Programs\Tourney, and everything it registers is under
; HKEY_CURRENT_USER — the Start-menu shortcut, the .tourney file type (a double click runs
; `tourney.exe "FILE.tourney"`, which opens the window on that event) and the entry in
; Programs and Features / Installed apps. The uninstaller removes exactly those; the user's
; events (Documents) and Tourney's own data (%APPDATA%\Tourney) stay.
;
; A 64-bit installer (amd64-unicode stubs), like the program it installs.

Unicode true
Target amd64-unicode
ManifestDPIAware true
SetCompressor /SOLID lzma
RequestExecutionLevel user

!macro REQUIRE NAME
  !ifndef ${NAME}
    !error "tourney.nsi: /D${NAME}=... is missing (packaging/build-windows.sh gives it)"
  !endif
!macroend
!insertmacro REQUIRE VERSION
!insertmacro REQUIRE VERSION4
!insertmacro REQUIRE STAGE
!insertmacro REQUIRE OUTFILE

!define PRODUCT "Tourney"
!define PUBLISHER "The Tourney developers"
!define PROGID "Tourney.Event"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\Tourney"

Name "${PRODUCT} ${VERSION}"
OutFile "${OUTFILE}"
InstallDir "$LOCALAPPDATA\Programs\Tourney"
InstallDirRegKey HKCU "Software\Tourney" "InstallDir"

!include "MUI2.nsh"
!include "FileFunc.nsh"
!include "LogicLib.nsh"

!define MUI_ICON "${STAGE}\tourney.ico"
!define MUI_UNICON "${STAGE}\tourney.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\tourney.exe"
!define MUI_FINISHPAGE_RUN_TEXT "Start Tourney"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"

VIProductVersion "${VERSION4}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductName" "${PRODUCT}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileDescription" "${PRODUCT} installer"
VIAddVersionKey /LANG=${LANG_ENGLISH} "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=${LANG_ENGLISH} "LegalCopyright" "${PUBLISHER}; MIT or Apache-2.0"

Function .onInit
  SetShellVarContext current
FunctionEnd

Function un.onInit
  SetShellVarContext current
FunctionEnd

Section "Tourney"
  SetOutPath "$INSTDIR"
  File "${STAGE}\tourney.exe"
  File "${STAGE}\tourney.ico"
  File "${STAGE}\README.md"
  SetOutPath "$INSTDIR\docs\guide"
  File "${STAGE}\docs\guide\*.md"
  SetOutPath "$INSTDIR\licences"
  File "${STAGE}\licences\*"
  SetOutPath "$INSTDIR"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  WriteRegStr HKCU "Software\Tourney" "InstallDir" "$INSTDIR"

  ; The Start menu (this user's): one shortcut, no folder, as Windows 10 and 11 expect.
  CreateShortCut "$SMPROGRAMS\Tourney.lnk" "$INSTDIR\tourney.exe" "" "$INSTDIR\tourney.ico" 0

  ; The .tourney file type, for this user (HKCU\Software\Classes is what HKCR shows them).
  WriteRegStr HKCU "Software\Classes\.tourney" "" "${PROGID}"
  WriteRegStr HKCU "Software\Classes\.tourney\OpenWithProgids" "${PROGID}" ""
  WriteRegStr HKCU "Software\Classes\${PROGID}" "" "Tourney event"
  WriteRegStr HKCU "Software\Classes\${PROGID}\DefaultIcon" "" "$INSTDIR\tourney.ico,0"
  WriteRegStr HKCU "Software\Classes\${PROGID}\shell\open\command" "" '"$INSTDIR\tourney.exe" "%1"'
  ; Tell Explorer the associations changed (SHCNE_ASSOCCHANGED), so icons update at once.
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  ; Programs and Features / Settings → Installed apps.
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${PRODUCT}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\tourney.ico"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  ; In KiB, as Windows reads it.
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" "$0"
SectionEnd

Section "Uninstall"
  ; Only what the installer put there: a folder the user chose that holds other files keeps them.
  Delete "$INSTDIR\tourney.exe"
  Delete "$INSTDIR\tourney.ico"
  Delete "$INSTDIR\README.md"
  Delete "$INSTDIR\docs\guide\*.md"
  RMDir "$INSTDIR\docs\guide"
  RMDir "$INSTDIR\docs"
  Delete "$INSTDIR\licences\*"
  RMDir "$INSTDIR\licences"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"

  Delete "$SMPROGRAMS\Tourney.lnk"

  ; The file type: .tourney is given back only if it is still Tourney's.
  ReadRegStr $0 HKCU "Software\Classes\.tourney" ""
  ${If} $0 == "${PROGID}"
    DeleteRegValue HKCU "Software\Classes\.tourney" ""
  ${EndIf}
  DeleteRegValue HKCU "Software\Classes\.tourney\OpenWithProgids" "${PROGID}"
  DeleteRegKey /ifempty HKCU "Software\Classes\.tourney\OpenWithProgids"
  DeleteRegKey /ifempty HKCU "Software\Classes\.tourney"
  DeleteRegKey HKCU "Software\Classes\${PROGID}"
  System::Call 'shell32::SHChangeNotify(i 0x08000000, i 0, p 0, p 0)'

  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  DeleteRegKey HKCU "Software\Tourney"
SectionEnd
