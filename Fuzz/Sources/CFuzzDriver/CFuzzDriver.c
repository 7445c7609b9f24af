// Empty: CFuzzDriver only declares libFuzzer's driver (include/CFuzzDriver.h); SwiftPM needs a
// source file in every C target.
#include "CFuzzDriver.h"
