; Tablekeeper's Windows installer (NSIS 3, built on Linux by `make windows`).
;
; makensis is given, with -D:
;   VERSION  the version, from FyneApp.toml's Details.Version (e.g. 0.1.0)
;   BUILD    the build number, from FyneApp.toml's Details.Build
;   EXE      the statically linked tablekeeper.exe to install
;   ICON     the app icon as .ico (extracted from EXE's resources)
;   OUTFILE  the installer to write (Tablekeeper-Setup-VERSION.exe)
;
; It installs for the current user (no administrator needed) or, when the
; user can elevate, for all users (MultiUser.nsh asks which), adds a
; Start-menu shortcut and an optional desktop shortcut, and registers an
; uninstaller in Add/Remove Programs. The uninstaller removes only what the
; installer put there: the database in %AppData%\Tablekeeper (see
; core/store.DefaultPath) and its backups are the user's and stay.

!ifndef VERSION | BUILD | EXE | ICON | OUTFILE
  !error "makensis needs -DVERSION= -DBUILD= -DEXE= -DICON= -DOUTFILE= (use make windows)"
!endif

Unicode true
Target amd64-unicode
ManifestDPIAware true
SetCompressor /SOLID lzma

!define APPNAME "Tablekeeper"
!define PUBLISHER "Tablekeeper"
!define WEBSITE "https://tablekeeper.org"
!define UNINSTKEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${APPNAME}"

Name "${APPNAME}"
OutFile "${OUTFILE}"
BrandingText "${APPNAME} ${VERSION}"

VIProductVersion "${VERSION}.${BUILD}"
VIAddVersionKey "ProductName" "${APPNAME}"
VIAddVersionKey "ProductVersion" "${VERSION}"
VIAddVersionKey "FileVersion" "${VERSION}.${BUILD}"
VIAddVersionKey "FileDescription" "${APPNAME} ${VERSION} Setup"
VIAddVersionKey "CompanyName" "${PUBLISHER}"
VIAddVersionKey "LegalCopyright" "${PUBLISHER}"

; Per-user or all users. "Highest" runs as the user for a standard account
; (per-user install, no prompt) and offers both to an administrator.
!define MULTIUSER_EXECUTIONLEVEL Highest
!define MULTIUSER_MUI
!define MULTIUSER_INSTALLMODE_COMMANDLINE
!define MULTIUSER_USE_PROGRAMFILES64
!define MULTIUSER_INSTALLMODE_INSTDIR "${APPNAME}"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_KEY "${UNINSTKEY}"
!define MULTIUSER_INSTALLMODE_DEFAULT_REGISTRY_VALUENAME "UninstallString"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_KEY "${UNINSTKEY}"
!define MULTIUSER_INSTALLMODE_INSTDIR_REGISTRY_VALUENAME "InstallLocation"
!include MultiUser.nsh
!include MUI2.nsh
!include FileFunc.nsh
!include LogicLib.nsh

!define MUI_ICON "${ICON}"
!define MUI_UNICON "${ICON}"
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_NODESC
!define MUI_FINISHPAGE_RUN
!define MUI_FINISHPAGE_RUN_TEXT "Start ${APPNAME}"
!define MUI_FINISHPAGE_RUN_FUNCTION StartApp

!insertmacro MUI_PAGE_WELCOME
!insertmacro MULTIUSER_PAGE_INSTALLMODE
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "English"

; Every running Tablekeeper (the window, or a command such as serve in a
; console) holds a mutex of this name (app/running.MutexName). Replacing
; or removing tablekeeper.exe under it would fail halfway, so the
; installer and the uninstaller wait until it is closed: Retry looks
; again, Cancel (the answer of a silent /S run) stops with nothing
; changed and exit code 2 (the uninstaller's copy in %TEMP% exits so; the
; uninstall.exe that started it returns 0 all the same).
!define RUNNING_MUTEX "TablekeeperRunning"
!macro REFUSE_WHILE_RUNNING
  running_check:
  System::Call 'kernel32::OpenMutexW(i 0x00100000, i 0, w "${RUNNING_MUTEX}") p .r0'
  StrCmp $0 0 running_none
  System::Call 'kernel32::CloseHandle(p r0)'
  MessageBox MB_RETRYCANCEL|MB_ICONEXCLAMATION "Tablekeeper is running. Close its window (and any command such as serve running in a console), then click Retry: everything it shows is already saved." /SD IDCANCEL IDRETRY running_check
  SetErrorLevel 2
  Quit
  running_none:
!macroend

Function .onInit
  !insertmacro MULTIUSER_INIT
  !insertmacro REFUSE_WHILE_RUNNING
FunctionEnd

; Starts the app through Explorer, so it runs as the user who is logged in
; and not elevated: an app started by an all-users (administrator) install
; would otherwise keep its database in the administrator's %AppData%.
Function StartApp
  Exec '"$WINDIR\explorer.exe" "$INSTDIR\tablekeeper.exe"'
FunctionEnd

Function un.onInit
  !insertmacro MULTIUSER_UNINIT
  !insertmacro REFUSE_WHILE_RUNNING
FunctionEnd

Section "${APPNAME} (program and Start-menu shortcut)" SecApp
  SectionIn RO
  SetOutPath "$INSTDIR"
  File "/oname=tablekeeper.exe" "${EXE}"
  WriteUninstaller "$INSTDIR\uninstall.exe"

  ; SetShellVarContext (set by MultiUser) makes $SMPROGRAMS the user's or
  ; everyone's Start menu. The icon is the one embedded in the program.
  CreateShortcut "$SMPROGRAMS\${APPNAME}.lnk" "$INSTDIR\tablekeeper.exe" "" "$INSTDIR\tablekeeper.exe" 0

  ; Add/Remove Programs. SHCTX is HKCU for a per-user install, HKLM for all
  ; users, following the install mode.
  WriteRegStr SHCTX "${UNINSTKEY}" "DisplayName" "${APPNAME}"
  WriteRegStr SHCTX "${UNINSTKEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr SHCTX "${UNINSTKEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr SHCTX "${UNINSTKEY}" "URLInfoAbout" "${WEBSITE}"
  WriteRegStr SHCTX "${UNINSTKEY}" "DisplayIcon" '"$INSTDIR\tablekeeper.exe",0'
  WriteRegStr SHCTX "${UNINSTKEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr SHCTX "${UNINSTKEY}" "UninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode'
  WriteRegStr SHCTX "${UNINSTKEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /$MultiUser.InstallMode /S'
  WriteRegDWORD SHCTX "${UNINSTKEY}" "NoModify" 1
  WriteRegDWORD SHCTX "${UNINSTKEY}" "NoRepair" 1
  ${GetSize} "$INSTDIR" "/S=0K" $0 $1 $2 ; $0 = size in KB, as Windows wants
  WriteRegDWORD SHCTX "${UNINSTKEY}" "EstimatedSize" "$0"
SectionEnd

Section "Desktop shortcut" SecDesktop
  CreateShortcut "$DESKTOP\${APPNAME}.lnk" "$INSTDIR\tablekeeper.exe" "" "$INSTDIR\tablekeeper.exe" 0
SectionEnd

; Removes the program, its shortcuts and its registry entry, and nothing
; else: the database (%AppData%\Tablekeeper\tablekeeper.db), its backups
; folder and any database opened with --db belong to the user and stay.
Section "Uninstall"
  Delete "$SMPROGRAMS\${APPNAME}.lnk"
  Delete "$DESKTOP\${APPNAME}.lnk"
  Delete "$INSTDIR\tablekeeper.exe"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR" ; only if empty: never a recursive delete
  DeleteRegKey SHCTX "${UNINSTKEY}"
SectionEnd
