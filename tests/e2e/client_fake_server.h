/*
 * client_fake_server.h -- a tiny stand-in for wargamed, for the tests of the
 * client (wargame) and of the load generator (wg-bench).
 *
 * It listens on an ephemeral 127.0.0.1 port and serves up to
 * FAKE_MAX_CLIENTS connections from one thread with poll(2).  Each
 * connection gets the greeting line "fake-wargamed 0 ready", then one reply
 * per request line, by the first word (an "@tag " prefix is echoed on the
 * final line):
 *
 *   ping            ok pong
 *   help            "  line one", "  line two", ok
 *   boom            err bad-verb no such verb
 *   notify          "* something happened", ok
 *   later           ok; 300 ms later "* later event"
 *   slow            500 ms later: ok slow
 *   hang            no reply at all
 *   quit            ok bye, then the connection is closed
 *   drop            the connection is closed without a reply
 *   json            {"event":"x","game":1} then {"tag":"j","ok":true,"data":{}}
 *   new ...         "  game: 7", ok game 7 created
 *   pending         err no-game no current game
 *   register ...    err name-taken (every other time), else ok
 *   anything else   ok
 *
 * In FAKE_SPLIT mode every reply byte is sent with its own send(2) (with
 * TCP_NODELAY) so readers see split reads; in FAKE_MERGE mode the greeting
 * is held back and sent together with the first reply (or alone after
 * 200 ms, for readers that wait for it), and replies to a burst of requests
 * go out in one send, so readers see merged reads.
 * Every wait inside is bounded; fake_server_stop() joins the thread.
 */
#ifndef CLIENT_FAKE_SERVER_H
#define CLIENT_FAKE_SERVER_H

#include <stddef.h>

#define FAKE_MAX_CLIENTS 64

enum fake_mode {
	FAKE_NORMAL = 0,
	FAKE_SPLIT,
	FAKE_MERGE,
	FAKE_SILENT, /* accepts connections, never greets nor answers */
};

struct fake_server;

/* Starts the server thread; NULL on failure. */
struct fake_server *fake_server_start(enum fake_mode mode);
/* The port it listens on. */
int fake_server_port(const struct fake_server *s);
/* Stops the thread, closes every socket, frees s. */
void fake_server_stop(struct fake_server *s);
/* Request lines received so far (over all connections). */
size_t fake_server_requests(struct fake_server *s);
/* Connections accepted so far. */
size_t fake_server_accepted(struct fake_server *s);

/* A port on 127.0.0.1 where nothing listens (bound, then closed). */
int fake_unused_port(void);

#endif
