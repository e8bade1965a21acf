// Header-only target (include/csourcehighlight_abi.h); SwiftPM needs one source file to build it.
