# The WWII miniatures ruleset (rules/minis/, issue 13): one suite per area, each with the
# helpers of test_minis_util.c.
foreach(_minis_suite examples tables geom rules secrecy data options)
  if(WG_WITH_MINIS AND EXISTS ${CMAKE_CURRENT_LIST_DIR}/test_minis_${_minis_suite}.c)
    wg_unit_test(test_minis_${_minis_suite}
                 SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_minis_${_minis_suite}.c
                         ${CMAKE_CURRENT_LIST_DIR}/test_minis_util.c
                 LIBS wg_rules)
    target_link_libraries(test_minis_${_minis_suite} PRIVATE m)
  endif()
endforeach()

# docs/games/minis.md names every event, verb and configuration key of the engine.
if(WG_WITH_MINIS)
  find_program(WG_PYTHON3 NAMES python3)
  add_test(NAME minis_docs_list_every_event_verb_and_key
           COMMAND ${WG_PYTHON3} ${CMAKE_SOURCE_DIR}/tests/minis_docs_check.py ${CMAKE_SOURCE_DIR})
endif()
