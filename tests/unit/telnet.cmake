# Telnet courtesy and the screen width (issue 8): the telnet layer, the reply writer's
# fitting to a width, and the help texts laid out for 80 columns.
wg_unit_test(test_telnet SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_telnet.c LIBS wg_protocol)
wg_unit_test(test_reply_wrap SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_reply_wrap.c LIBS wg_protocol)
wg_unit_test(test_reply_help SOURCES ${CMAKE_CURRENT_LIST_DIR}/test_reply_help.c
             LIBS wg_server wg_race)
target_compile_definitions(test_reply_help PRIVATE
  WG_RACE_JSON="${CMAKE_SOURCE_DIR}/tests/rulesets/race.json")
# The bundled client's side of the prompted passwords (prompt detection, secret input).
wg_unit_test(test_telnet_client
  SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_telnet_client.c
          ${CMAKE_SOURCE_DIR}/client/classify.c
          ${CMAKE_SOURCE_DIR}/client/lineedit.c
          ${CMAKE_SOURCE_DIR}/client/history.c
  LIBS wg_protocol)
target_compile_definitions(test_telnet_client PRIVATE UNIT_TESTING)
