# Unit suites of the client (client/): the line editor and history, and the
# framing knowledge (line kinds, secret lines, targets).  The editor and
# history sources are compiled into the test with UNIT_TESTING so their
# allocations go through cmocka's leak-checking allocators.
wg_unit_test(test_lineedit
  SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_lineedit.c
          ${CMAKE_SOURCE_DIR}/client/lineedit.c
          ${CMAKE_SOURCE_DIR}/client/history.c
  LIBS wg_protocol)
target_compile_definitions(test_lineedit PRIVATE UNIT_TESTING)

wg_unit_test(test_cli_classify
  SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_cli_classify.c
          ${CMAKE_SOURCE_DIR}/client/classify.c
          ${CMAKE_SOURCE_DIR}/client/conn.c
  LIBS wg_protocol)
