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
