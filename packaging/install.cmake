# install.cmake - what `cmake --install` puts where (prefix and DESTDIR
# honoured), and the Debian package `cpack -G DEB` makes of it:
#   bin/grundy                                  the command
#   include/grundy.h                            the public header
#   lib/libgrundy.a, lib/libgrundy.so*          the library (SONAME, version)
#   lib/pkgconfig/grundy.pc                     pkg-config
#   lib/cmake/grundy/                           find_package(grundy): grundy::grundy
#   share/man/man1/grundy.1                     the manual page
#   share/bash-completion/completions/grundy    bash completion
#   share/zsh/site-functions/_grundy            zsh completion (vendor-completions
#                                               under /usr, where Debian looks)
#   share/doc/grundy/                           README.md, LICENSE, docs/
#                                               (errors.md, theory.md: what
#                                               messages and README cite)
# Included by the top-level CMakeLists.txt.

install(TARGETS grundy-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS grundy_shared grundy EXPORT grundy-targets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
install(FILES ${PROJECT_SOURCE_DIR}/include/grundy.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})

# The CMake package: grundy::grundy (shared), grundy::grundy_static.
set(GRUNDY_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/grundy)
install(EXPORT grundy-targets NAMESPACE grundy::
        DESTINATION ${GRUNDY_CMAKE_DIR})
if(Threads_FOUND)
    set(GRUNDY_CONFIG_DEPENDENCIES "find_dependency(Threads)")
endif()
configure_file(${PROJECT_SOURCE_DIR}/packaging/grundy-config.cmake.in
               ${PROJECT_BINARY_DIR}/packaging/grundy-config.cmake @ONLY)
include(CMakePackageConfigHelpers)
# Before 1.0 only the same major.minor is compatible (see the SONAME).
if(PROJECT_VERSION_MAJOR EQUAL 0)
    set(compatibility SameMinorVersion)
else()
    set(compatibility SameMajorVersion)
endif()
write_basic_package_version_file(
    ${PROJECT_BINARY_DIR}/packaging/grundy-config-version.cmake
    COMPATIBILITY ${compatibility})
install(FILES ${PROJECT_BINARY_DIR}/packaging/grundy-config.cmake
              ${PROJECT_BINARY_DIR}/packaging/grundy-config-version.cmake
        DESTINATION ${GRUNDY_CMAKE_DIR})

# grundy.pc names the prefix the files are installed under, which is known
# only at install time (cmake --install --prefix, cpack): it is written then.
if(CMAKE_USE_PTHREADS_INIT)
    set(GRUNDY_PC_LIBS_PRIVATE "-pthread")
endif()
install(CODE "
    set(GRUNDY_PC_IN \"${PROJECT_SOURCE_DIR}/packaging/grundy.pc.in\")
    set(GRUNDY_PC_WORK \"${PROJECT_BINARY_DIR}/packaging\")
    set(GRUNDY_PC_LIBDIR \"${CMAKE_INSTALL_LIBDIR}\")
    set(GRUNDY_PC_INCLUDEDIR \"${CMAKE_INSTALL_INCLUDEDIR}\")
    set(GRUNDY_PC_VERSION \"${PROJECT_VERSION}\")
    set(GRUNDY_PC_DESCRIPTION \"${PROJECT_DESCRIPTION}\")
    set(GRUNDY_PC_LIBS_PRIVATE \"${GRUNDY_PC_LIBS_PRIVATE}\")")
install(SCRIPT ${PROJECT_SOURCE_DIR}/packaging/install-pc.cmake)

# Manual page (its title carries the version) and shell completions.
configure_file(${PROJECT_SOURCE_DIR}/man/grundy.1.in
               ${PROJECT_BINARY_DIR}/man/grundy.1 @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/man/grundy.1
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${PROJECT_SOURCE_DIR}/completions/grundy.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME grundy)
# zsh looks in $prefix/share/zsh/site-functions, but Debian's zsh reads
# packages' completions from /usr/share/zsh/vendor-completions: under the
# prefix /usr on Debian and its derivatives (the .deb) the file goes there.
# GRUNDY_ZSH_COMPLETION_DIR (relative to the prefix, or absolute) overrides
# the choice.
set(GRUNDY_ZSH_COMPLETION_DIR "" CACHE STRING
    "Where the zsh completion goes (empty: chosen by the install prefix)")
install(CODE "
    set(GRUNDY_ZSH_DIR \"${GRUNDY_ZSH_COMPLETION_DIR}\")
    if(GRUNDY_ZSH_DIR STREQUAL \"\")
        if(CMAKE_INSTALL_PREFIX STREQUAL \"/usr\" AND EXISTS /etc/debian_version)
            set(GRUNDY_ZSH_DIR share/zsh/vendor-completions)
        else()
            set(GRUNDY_ZSH_DIR share/zsh/site-functions)
        endif()
    endif()
    if(NOT IS_ABSOLUTE \"\${GRUNDY_ZSH_DIR}\")
        set(GRUNDY_ZSH_DIR \"\${CMAKE_INSTALL_PREFIX}/\${GRUNDY_ZSH_DIR}\")
    endif()
    file(INSTALL DESTINATION \"\${GRUNDY_ZSH_DIR}\" TYPE FILE
         FILES \"${PROJECT_SOURCE_DIR}/completions/_grundy\")")
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE
        DESTINATION ${CMAKE_INSTALL_DOCDIR})
# Messages and README cite docs/theory.md and docs/errors.md by these
# paths, relative to the doc directory as to the source tree.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs
        DESTINATION ${CMAKE_INSTALL_DOCDIR})

# cpack -G DEB: one package with all of the above under /usr.
set(CPACK_PACKAGE_NAME grundy)
set(CPACK_PACKAGE_VENDOR "The grundy authors")
set(GRUNDY_PACKAGE_CONTACT "The grundy authors" CACHE STRING
    "Maintainer field of the Debian package")
set(CPACK_PACKAGE_CONTACT "${GRUNDY_PACKAGE_CONTACT}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "exact solver for impartial combinatorial games")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "grundy says whether the player to move wins or loses an impartial game "
    "(Nim, subtraction, octal and take-and-break games, Wythoff, Fibonacci "
    "take, ...), the position's Sprague-Grundy value and a winning move, "
    "exactly. The package holds the command, its manual page and shell "
    "completions, and libgrundy (shared and static) with its header, "
    "pkg-config file and CMake package.")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION math)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# A shlibs file and the ldconfig trigger for libgrundy.so.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_PROJECT_CONFIG_FILE ${PROJECT_SOURCE_DIR}/packaging/cpack-project.cmake)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build[^/]*/")
include(CPack)
