# install-pc.cmake - run by `cmake --install` (and cpack): writes grundy.pc
# for the prefix being installed to and installs it into LIBDIR/pkgconfig
# (DESTDIR honoured by file(INSTALL)). The GRUNDY_PC_* variables are set
# just before by packaging/install.cmake.
set(prefix "${CMAKE_INSTALL_PREFIX}")
foreach(dir LIBDIR INCLUDEDIR)
    if(IS_ABSOLUTE "${GRUNDY_PC_${dir}}")
        set(GRUNDY_PC_${dir}_FULL "${GRUNDY_PC_${dir}}")
    else()
        set(GRUNDY_PC_${dir}_FULL "\${prefix}/${GRUNDY_PC_${dir}}")
    endif()
endforeach()
# One file per prefix, so that installs to two prefixes cannot mix.
string(MD5 key "${prefix}")
set(pc "${GRUNDY_PC_WORK}/pc-${key}/grundy.pc")
configure_file("${GRUNDY_PC_IN}" "${pc}" @ONLY)
if(IS_ABSOLUTE "${GRUNDY_PC_LIBDIR}")
    set(pcdir "${GRUNDY_PC_LIBDIR}/pkgconfig")
else()
    set(pcdir "${prefix}/${GRUNDY_PC_LIBDIR}/pkgconfig")
endif()
file(INSTALL DESTINATION "${pcdir}" TYPE FILE FILES "${pc}")
