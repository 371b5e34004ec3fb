/*
 * main.c -- the shipped daemon: wargamed with the rulesets it ships (rules/shipped.h).
 * (The test daemon in tests/rulesets/ adds the test-only ruleset.)
 */
#include "rules/shipped.h"
#include "server.h"

int main(int argc, char **argv)
{
	return srv_main(argc, argv, rules_shipped);
}
