// Package running marks, on Windows, that Tablekeeper is running, so its
// installer and uninstaller can refuse to replace or remove the program
// while it runs: an upgrade over a running Tablekeeper would fail to
// write tablekeeper.exe halfway, or leave the old window serving the
// store's network from a program that is gone.
package running

// MutexName names the mutex every Tablekeeper process (the window and
// the headless commands, such as serve) holds while it runs. The
// installer (assets/windows/installer.nsi) opens a mutex of this name:
// if it exists, Tablekeeper runs in this Windows session. Windows
// removes it when the last process holding it ends, even by a crash.
const MutexName = "TablekeeperRunning"
