# End-to-end suite of the Meuse Argonne exclusive rules: a whole game over TCP against the
# shipped daemon (wargamed --allow-debug, data dir data/), from the set-up to Sedan.
wg_unit_test(test_e2e_meuse SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_meuse.c
                                    ${CMAKE_SOURCE_DIR}/tests/e2e/e2e_script.c
             LIBS wg_e2e)
target_compile_definitions(test_e2e_meuse PRIVATE WG_DAEMON="$<TARGET_FILE:wargamed>")
add_dependencies(test_e2e_meuse wargamed)
set_tests_properties(test_e2e_meuse PROPERTIES LABELS e2e)
