# server/: authentication, configuration, the id map, the fan-out of events, connections
# (coalesced writes, work budget, backpressure).
wg_unit_test(test_auth SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_auth.c LIBS wg_server)
wg_unit_test(test_config SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_config.c LIBS wg_server)
wg_unit_test(test_idmap SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_idmap.c LIBS wg_server)
wg_unit_test(test_fanout SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_fanout.c LIBS wg_server)
wg_unit_test(test_timectl SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_timectl.c LIBS wg_server)
wg_unit_test(test_clock SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_clock.c LIBS wg_server)
wg_unit_test(test_conn SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_conn.c LIBS wg_server)
