# End-to-end: packaging (issue 15): `cmake --install` of this build into a temporary DESTDIR
# gives a daemon that starts, finds its installed scenarios, and man pages made from --help.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_install.c)
  wg_unit_test(test_e2e_install SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_install.c
               LIBS wg_e2e)
  target_compile_definitions(test_e2e_install PRIVATE
    WG_CMAKE="${CMAKE_COMMAND}"
    WG_BUILD_DIR="${CMAKE_BINARY_DIR}"
    WG_BINDIR="${CMAKE_INSTALL_FULL_BINDIR}"
    WG_DATADIR="${CMAKE_INSTALL_FULL_DATADIR}"
    WG_MANDIR="${CMAKE_INSTALL_FULL_MANDIR}"
    WG_UNITDIR="${WG_SYSTEMD_UNITDIR}"
    WG_PREFIX="${CMAKE_INSTALL_PREFIX}")
  add_dependencies(test_e2e_install wargamed wargame)
  set_tests_properties(test_e2e_install PROPERTIES LABELS e2e)
endif()
