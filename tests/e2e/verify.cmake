# The independent dice verifier scripts/verify-dice.py, end to end: a race
# game played with dice from the stream (wargamed-test without --allow-debug),
# its `verify` reply in JSON mode checked by the script, then tampered with.
# Needs python3 (installed by scripts/deps.sh).
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_verify_script.c)
  find_program(WG_PYTHON3 NAMES python3)
  if(NOT WG_PYTHON3)
    set(WG_PYTHON3 python3)
  endif()
  wg_unit_test(test_verify_script
    SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_verify_script.c
    LIBS wg_e2e PkgConfig::CJSON)
  target_compile_definitions(test_verify_script PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets"
    WG_VERIFY_SCRIPT="${CMAKE_SOURCE_DIR}/scripts/verify-dice.py"
    WG_PYTHON3="${WG_PYTHON3}")
  add_dependencies(test_verify_script wargamed-test)
  set_tests_properties(test_verify_script PROPERTIES LABELS e2e)
endif()
