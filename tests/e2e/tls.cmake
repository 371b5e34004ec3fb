# End-to-end: TLS (issue 15): the daemon's --tls-listen with a certificate made at test time
# (the openssl command), played with `wargame --tls` and `openssl s_client`.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_tls.c)
  wg_unit_test(test_e2e_tls
    SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_tls.c
            ${CMAKE_SOURCE_DIR}/tests/e2e/client_proc.c
    LIBS wg_e2e)
  target_compile_definitions(test_e2e_tls PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WARGAME_BIN="$<TARGET_FILE:wargame>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets")
  add_dependencies(test_e2e_tls wargamed-test wargame)
  set_tests_properties(test_e2e_tls PROPERTIES LABELS e2e)
endif()
