# deb-finish.cmake - run by cpack -G DEB on the staging tree of each
# package before it is packed (CPACK_PRE_BUILD_SCRIPTS): what Debian's
# dh_strip, dh_installdocs, dh_installchangelogs, dh_compress and
# dh_lintian would do.
#   programs and libraries                stripped with dh_strip's options
#   usr/share/doc/<package>/copyright     packaging/copyright (DEP-5)
#   usr/share/doc/<package>/changelog.gz  one entry for this version, in
#                                         the format of debian/changelog
#   usr/share/man/man*/*.<n>              gzipped
#   usr/share/lintian/overrides/<package> packaging/lintian/libgrundy.overrides
#                                         (the library package), each tag
#                                         with its reason
# gzip -9n: no name nor time stamp in the header, so that the packages of
# one source and one SOURCE_DATE_EPOCH are the same bytes.
find_program(GRUNDY_STRIP NAMES strip)
if(NOT GRUNDY_STRIP)
    message(FATAL_ERROR "deb-finish.cmake: no strip (binutils) to strip the "
            "packaged programs and libraries with")
endif()

# dh_strip: programs and shared libraries lose their symbol tables and
# the .comment and .note sections; a static library keeps its symbols
# (programs link against them) and loses its debugging information.
function(grundy_strip file)
    if(IS_SYMLINK "${file}")
        return()
    endif()
    set(options --remove-section=.comment --remove-section=.note)
    if(file MATCHES "\\.a$")
        list(APPEND options --strip-debug --enable-deterministic-archives)
    elseif(file MATCHES "\\.so[.0-9]*$")
        list(APPEND options --strip-unneeded)
    endif()
    execute_process(COMMAND "${GRUNDY_STRIP}" ${options} "${file}"
                    RESULT_VARIABLE status)
    if(NOT status EQUAL 0)
        message(FATAL_ERROR "deb-finish.cmake: strip ${file}: ${status}")
    endif()
endfunction()

string(TIMESTAMP grundy_date "%a, %d %b %Y %H:%M:%S +0000" UTC)
foreach(component IN LISTS CPACK_COMPONENTS_ALL)
    string(TOUPPER "${component}" upper)
    set(package "${CPACK_DEBIAN_${upper}_PACKAGE_NAME}")
    set(root "${CPACK_TEMPORARY_INSTALL_DIRECTORY}/${component}${CPACK_PACKAGING_INSTALL_PREFIX}")
    if(NOT IS_DIRECTORY "${root}")
        message(FATAL_ERROR "deb-finish.cmake: no staging tree ${root}")
    endif()
    file(GLOB binaries "${root}/bin/*" "${root}/${CPACK_GRUNDY_LIBDIR}/*.so*"
                       "${root}/${CPACK_GRUNDY_LIBDIR}/*.a")
    foreach(file IN LISTS binaries)
        grundy_strip("${file}")
    endforeach()
    if(component STREQUAL "lib")
        file(READ "${CPACK_GRUNDY_SOURCE_DIR}/packaging/lintian/libgrundy.overrides"
             overrides)
        string(REGEX REPLACE "(^|\n)PACKAGE:" "\\1${package}:" overrides
               "${overrides}")
        file(WRITE "${root}/share/lintian/overrides/${package}" "${overrides}")
    endif()
    set(doc "${root}/share/doc/${package}")
    file(MAKE_DIRECTORY "${doc}")
    configure_file("${CPACK_GRUNDY_SOURCE_DIR}/packaging/copyright"
                   "${doc}/copyright" COPYONLY)
    # Native packaging (the version has no Debian revision): changelog.gz.
    file(WRITE "${doc}/changelog"
        "${package} (${CPACK_PACKAGE_VERSION}) unstable; urgency=medium\n\n"
        "  * Release ${CPACK_PACKAGE_VERSION}.\n\n"
        " -- ${CPACK_PACKAGE_CONTACT}  ${grundy_date}\n")
    file(GLOB_RECURSE pages "${root}/share/man/man*/*")
    foreach(file IN LISTS pages ITEMS "${doc}/changelog")
        if(NOT file MATCHES "\\.gz$")
            execute_process(COMMAND gzip -9nf "${file}" RESULT_VARIABLE status)
            if(NOT status EQUAL 0)
                message(FATAL_ERROR "deb-finish.cmake: gzip ${file}: ${status}")
            endif()
        endif()
    endforeach()
endforeach()
