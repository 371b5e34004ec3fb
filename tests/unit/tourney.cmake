# Ratings and tournaments (issue 12): Glicko-2, the pairing systems (Berger, Swiss, knockout)
# and the standings with their tiebreaks -- pure modules of server/.
wg_unit_test(test_glicko2 SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_glicko2.c LIBS wg_server)
wg_unit_test(test_matching SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_matching.c LIBS wg_server)
wg_unit_test(test_pairing SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_pairing.c LIBS wg_server)
wg_unit_test(test_standings SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_standings.c LIBS wg_server)
# The store's ratings and tournaments (schema 8).
wg_unit_test(test_store_tourney SOURCES ${CMAKE_SOURCE_DIR}/tests/unit/test_store_tourney.c
             LIBS wg_db PkgConfig::SQLITE)
