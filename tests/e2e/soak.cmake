# The crash soak (tests/soak/crash-soak.sh, issue 15), short: a few kills with more users and
# connections than test_e2e_crash_many's defaults, so the script itself is run by CI.  The
# long run (100 kills) and its last figures: tests/soak/README.md.
if(EXISTS ${CMAKE_SOURCE_DIR}/tests/soak/crash-soak.sh AND TARGET test_e2e_crash_many)
  add_test(NAME soak_crash_short
           COMMAND sh ${CMAKE_SOURCE_DIR}/tests/soak/crash-soak.sh 2 6 8 2 2)
  set_tests_properties(soak_crash_short PROPERTIES LABELS "e2e;soak" TIMEOUT 300
    ENVIRONMENT "BUILD_DIR=${CMAKE_BINARY_DIR};LOG=${CMAKE_BINARY_DIR}/crash-soak-short.log")
endif()
