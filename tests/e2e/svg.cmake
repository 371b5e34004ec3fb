# Pictures end to end (issue 8): `map svg` over TCP in both modes against the shipped
# daemon, `wargamed render` and `check-scenario --svg`, each picture checked by
# tests/svg_check.py (python3's xml.etree; python3 is installed by scripts/deps.sh).
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_svg.c AND WG_WITH_FM)
  find_program(WG_PYTHON3 NAMES python3)
  if(NOT WG_PYTHON3)
    set(WG_PYTHON3 python3)
  endif()
  wg_unit_test(test_e2e_svg SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_svg.c
               LIBS wg_e2e PkgConfig::CJSON)
  target_compile_definitions(test_e2e_svg PRIVATE
    WG_TEST_DAEMON="$<TARGET_FILE:wargamed-test>"
    WG_DAEMON="$<TARGET_FILE:wargamed>"
    WG_RACE_DIR="${CMAKE_SOURCE_DIR}/tests/rulesets"
    WG_SVG_CHECK="${CMAKE_SOURCE_DIR}/tests/svg_check.py"
    WG_PYTHON3="${WG_PYTHON3}")
  add_dependencies(test_e2e_svg wargamed-test wargamed)
  set_tests_properties(test_e2e_svg PROPERTIES LABELS e2e)
endif()
