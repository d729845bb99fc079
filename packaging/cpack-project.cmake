# cpack-project.cmake - read by cpack for each generator. The Debian
# packages (packaging/deb.cmake) need:
#   dpkg-shlibdeps (package dpkg-dev) to state what libgrundy and grundy
#     depend on; without it CPack would make packages with no Depends;
#   a build configured with the prefix /usr, whose library directory is
#     the multiarch one (lib/<triplet>) and whose grundy.pc and CMake
#     package name /usr: scripts/deb.sh configures such a build;
#   a Maintainer with a mail address, 'Name <address>', which the control
#     files and the changelog carry (GRUNDY_PACKAGE_CONTACT; scripts/deb.sh
#     takes it from DEBFULLNAME and DEBEMAIL);
#   CMake 3.19 or later, which runs packaging/deb-finish.cmake (copyright,
#     changelog, gzipped manual page) before the packages are made.
# Anything missing is an error here, never a package that lacks it.
if(CPACK_GENERATOR STREQUAL "DEB")
    find_program(GRUNDY_DPKG_SHLIBDEPS dpkg-shlibdeps)
    if(NOT GRUNDY_DPKG_SHLIBDEPS)
        message(FATAL_ERROR "cpack -G DEB needs dpkg-shlibdeps to write the "
                "packages' dependencies: apt-get install dpkg-dev")
    endif()
    if(NOT CPACK_GRUNDY_INSTALL_PREFIX STREQUAL "/usr")
        message(FATAL_ERROR "the Debian packages are made from a build "
                "configured with -DCMAKE_INSTALL_PREFIX=/usr (this one has "
                "${CPACK_GRUNDY_INSTALL_PREFIX}): run scripts/deb.sh")
    endif()
    if(NOT CPACK_PACKAGE_CONTACT MATCHES "^[^<>]+ <[^<>@ ]+@[^<>@ ]+>$")
        message(FATAL_ERROR "the Debian packages need a maintainer "
                "'Name <address>' (this build has '${CPACK_PACKAGE_CONTACT}'): "
                "configure with -DGRUNDY_PACKAGE_CONTACT='Name <address>', "
                "or set DEBFULLNAME and DEBEMAIL for scripts/deb.sh")
    endif()
    if(CMAKE_VERSION VERSION_LESS 3.19)
        message(FATAL_ERROR "cpack -G DEB needs CMake 3.19 or later (this "
                "is ${CMAKE_VERSION}) to finish the packages' documents")
    endif()
endif()
# CPackDeb puts CPACK_PACKAGE_DESCRIPTION_SUMMARY before each package's
# description unless it is CPack's default; each package of
# packaging/deb.cmake has its own synopsis as the first line.
if(CPACK_GENERATOR STREQUAL "DEB")
    set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
        "${CPACK_DEFAULT_PACKAGE_DESCRIPTION_SUMMARY}")
endif()
