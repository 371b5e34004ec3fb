# End-to-end: the transcript of docs/games/fm-session.md is what the shipped daemon answers
# (issue 8); WG_UPDATE_TRANSCRIPTS=1 rewrites the page.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_transcript.c)
  wg_unit_test(test_e2e_transcript SOURCES ${CMAKE_SOURCE_DIR}/tests/e2e/test_e2e_transcript.c
               LIBS wg_e2e)
  target_compile_definitions(test_e2e_transcript PRIVATE WG_DAEMON="$<TARGET_FILE:wargamed>"
                             WG_SOURCE_DIR="${CMAKE_SOURCE_DIR}")
  add_dependencies(test_e2e_transcript wargamed)
  set_tests_properties(test_e2e_transcript PROPERTIES LABELS e2e)
endif()
