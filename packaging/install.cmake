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
# Each file belongs to one component, which `cpack -G DEB` makes a package
# of, as Debian splits a library (policy 8): bin -> grundy (the command,
# its page, completions, documents), lib -> libgrundy<SOVERSION> (the
# shared library alone), dev -> libgrundy-dev (header, libgrundy.a, the
# libgrundy.so link, grundy.pc, the CMake package). LICENSE is component
# license, left out of the packages: each has a machine-readable
# copyright file instead (packaging/copyright). scripts/deb.sh builds them.
# Included by the top-level CMakeLists.txt.

install(TARGETS grundy-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR}
        COMPONENT bin)
install(TARGETS grundy_shared grundy EXPORT grundy-targets
        RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT lib
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT lib
                NAMELINK_COMPONENT dev
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev)
install(FILES ${PROJECT_SOURCE_DIR}/include/grundy.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)

# The CMake package: grundy::grundy (shared), grundy::grundy_static.
set(GRUNDY_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/grundy)
install(EXPORT grundy-targets NAMESPACE grundy::
        DESTINATION ${GRUNDY_CMAKE_DIR} COMPONENT dev)
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
        DESTINATION ${GRUNDY_CMAKE_DIR} COMPONENT dev)

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
    set(GRUNDY_PC_LIBS_PRIVATE \"${GRUNDY_PC_LIBS_PRIVATE}\")"
    COMPONENT dev)
install(SCRIPT ${PROJECT_SOURCE_DIR}/packaging/install-pc.cmake COMPONENT dev)

# Manual page (its title carries the version) and shell completions.
configure_file(${PROJECT_SOURCE_DIR}/man/grundy.1.in
               ${PROJECT_BINARY_DIR}/man/grundy.1 @ONLY)
install(FILES ${PROJECT_BINARY_DIR}/man/grundy.1
        DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT bin)
install(FILES ${PROJECT_SOURCE_DIR}/completions/grundy.bash
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME grundy COMPONENT bin)
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
         FILES \"${PROJECT_SOURCE_DIR}/completions/_grundy\")"
    COMPONENT bin)
install(FILES ${PROJECT_SOURCE_DIR}/README.md
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT bin)
install(FILES ${PROJECT_SOURCE_DIR}/LICENSE
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT license)
# Messages and README cite docs/theory.md and docs/errors.md by these
# paths, relative to the doc directory as to the source tree.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT bin)


# The Debian packages cpack -G DEB makes of these components.
include(${PROJECT_SOURCE_DIR}/packaging/deb.cmake)
