# cpack-project.cmake - read by cpack for each generator. A .deb needs
# dpkg-shlibdeps (package dpkg-dev) to state what libgrundy and grundy
# depend on; without it CPack would make a package with no Depends, so
# that is an error here.
if(CPACK_GENERATOR STREQUAL "DEB")
    find_program(GRUNDY_DPKG_SHLIBDEPS dpkg-shlibdeps)
    if(NOT GRUNDY_DPKG_SHLIBDEPS)
        message(FATAL_ERROR "cpack -G DEB needs dpkg-shlibdeps to write the "
                "package's dependencies: apt-get install dpkg-dev")
    endif()
endif()
