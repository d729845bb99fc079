# deb.cmake - `cpack -G DEB` makes three packages of the install
# components (packaging/install.cmake), split as Debian splits a library:
#   grundy            the command, its manual page (gzipped), completions,
#                     README.md and docs/ under /usr/share/doc/grundy
#   libgrundy<SOVER>  libgrundy.so.<SOVERSION> alone, named after its SONAME
#                     (policy 8.1: libgrundy.so.0.1 -> libgrundy0.1), in
#                     the multiarch directory when configured with prefix
#                     /usr on Debian (GNUInstallDirs picks lib/<triplet>)
#   libgrundy-dev     grundy.h, libgrundy.a, the libgrundy.so link,
#                     grundy.pc and the CMake package
# Each holds /usr/share/doc/<package>/copyright (DEP-5) and changelog.gz,
# written into the staging tree by packaging/deb-finish.cmake. Build them
# with scripts/deb.sh (dpkg-buildflags, prefix /usr), not from a build
# configured for /usr/local: packaging/cpack-project.cmake refuses that.
# Included by packaging/install.cmake.
set(CPACK_PACKAGE_NAME grundy)
set(CPACK_PACKAGE_VENDOR "The grundy authors")
set(GRUNDY_PACKAGE_CONTACT "The grundy authors" CACHE STRING
    "Maintainer field of the Debian packages: 'Name <address>'")
set(CPACK_PACKAGE_CONTACT "${GRUNDY_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "exact solver for impartial combinatorial games")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(CPACK_COMPONENTS_ALL bin lib dev)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)

# A description is its synopsis, then the extended text: CPackDeb
# indents each line by one space and makes an empty line " .".
string(CONCAT grundy_about
    "grundy says whether the player to move wins or loses an impartial\n"
    "game (Nim, subtraction, octal and take-and-break games, Wythoff,\n"
    "Fibonacci take, Green Hackenbush, ...), the position's Sprague-Grundy\n"
    "value and a winning move, exactly.\n\n")
set(CPACK_DEBIAN_BIN_PACKAGE_NAME grundy)
set(CPACK_DEBIAN_BIN_PACKAGE_SECTION math)
string(CONCAT CPACK_DEBIAN_BIN_DESCRIPTION
    "${CPACK_PACKAGE_DESCRIPTION_SUMMARY}\n${grundy_about}"
    "This package holds the command, its manual page, shell completions\n"
    "and the documents it cites.")

set(GRUNDY_DEB_LIBRARY libgrundy${GRUNDY_SOVERSION})
set(CPACK_DEBIAN_LIB_PACKAGE_NAME ${GRUNDY_DEB_LIBRARY})
set(CPACK_DEBIAN_LIB_PACKAGE_SECTION libs)
# Besides the postinst and postrm calls to ldconfig that CPackDeb writes
# for a library under /usr/lib, the trigger Debian's tools write.
set(CPACK_DEBIAN_LIB_PACKAGE_CONTROL_EXTRA
    ${PROJECT_SOURCE_DIR}/packaging/lib-triggers/triggers)
string(CONCAT CPACK_DEBIAN_LIB_DESCRIPTION
    "exact solver for impartial games - shared library\n${grundy_about}"
    "This package holds the shared library libgrundy.")

set(CPACK_DEBIAN_DEV_PACKAGE_NAME libgrundy-dev)
set(CPACK_DEBIAN_DEV_PACKAGE_SECTION libdevel)
set(CPACK_DEBIAN_DEV_PACKAGE_DEPENDS
    "${GRUNDY_DEB_LIBRARY} (= ${PROJECT_VERSION})")
string(CONCAT CPACK_DEBIAN_DEV_DESCRIPTION
    "exact solver for impartial games - development files\n${grundy_about}"
    "This package holds the header grundy.h, the static library, the\n"
    "pkg-config file and the CMake package (find_package(grundy)).")
# A shlibs file (libgrundy <SOVERSION> libgrundy<SOVERSION> (>= version))
# for the packages whose programs link libgrundy.so.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")

# Read by packaging/cpack-project.cmake and packaging/deb-finish.cmake.
set(CPACK_GRUNDY_SOURCE_DIR ${PROJECT_SOURCE_DIR})
set(CPACK_GRUNDY_INSTALL_PREFIX ${CMAKE_INSTALL_PREFIX})
set(CPACK_GRUNDY_LIBDIR ${CMAKE_INSTALL_LIBDIR})
set(CPACK_PRE_BUILD_SCRIPTS ${PROJECT_SOURCE_DIR}/packaging/deb-finish.cmake)
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_SOURCE_DIR}/packaging/cpack-project.cmake)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")
include(CPack)
