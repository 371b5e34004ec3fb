# The Scheldt Campaign (issue 11): one cmocka suite per rule section on the test map
# tests/data/campaign-test.json (tests/data/gen_campaign_test.py), and whole bot games.
foreach(_camp_suite game battle setup admin move intel special fire data redaction)
  if(EXISTS ${CMAKE_CURRENT_LIST_DIR}/test_camp_${_camp_suite}.c)
    wg_unit_test(test_camp_${_camp_suite}
                 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_camp_${_camp_suite}.c
                         ${CMAKE_CURRENT_LIST_DIR}/test_camp_util.c
                 LIBS wg_rules)
  endif()
endforeach()
# The shipped scenario checked by the data generator's own checker, and the checker proved to
# refuse broken data (tools/campaign/check.py; docs/scenarios/scheldt-campaign.md).
find_program(WG_PYTHON3 NAMES python3)
if(WG_PYTHON3)
  add_test(NAME campaign_data_check COMMAND ${WG_PYTHON3} ${CMAKE_SOURCE_DIR}/tools/campaign/check.py)
  add_test(NAME campaign_data_check_self_test
           COMMAND ${WG_PYTHON3} ${CMAKE_SOURCE_DIR}/tools/campaign/check.py --self-test)
endif()
# docs/rules-coverage.md lists every SC- id of the checklist (kept beside the repository, in
# shared/rules/) with its tag and the tests that prove it; skipped when the checklist is not there.
add_test(NAME campaign_rules_coverage
         COMMAND ${WG_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/coverage_check.py ${CMAKE_SOURCE_DIR}
                 ${CMAKE_SOURCE_DIR}/../shared/rules/campaign-checklist.md)
set_tests_properties(campaign_rules_coverage PROPERTIES SKIP_RETURN_CODE 77)
