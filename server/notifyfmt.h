/*
 * notifyfmt.h -- what a notification outside the server says, and the
 * arithmetic of its delivery: the types a user may choose, the one sentence
 * and the webhook's JSON body of a notification, the e-mail messages (one
 * per notification, or the daily digest), the webhook signature, the retry
 * schedule and what an HTTP status means for it, and the checks of a webhook
 * URL and an e-mail address.  docs/notifications.md has the decisions.
 *
 * Pure: no I/O, no clock, no globals (times are the caller's, in ms since the
 * epoch, printed by srv_clock_format_time; ids are made by the caller).
 * server/notify.c does the rest.
 *
 * Secrecy: a notification leaves the server, so it is built only from a
 * struct srv_note, whose fields are public facts of a game (its id, scenario,
 * the user's side, the opponent, whose turn, the deadline, the result) or the
 * user's own business (a challenge to them, a tell to them).  There is no
 * field for an event of the rules, a view or a pending sentence: nothing a
 * rules engine addressed to one side can be put in one.
 */
#ifndef SRV_NOTIFYFMT_H
#define SRV_NOTIFYFMT_H

#include <stddef.h>
#include <stdint.h>

/* The kinds of notification; bit t of a user's events mask stands for type t. */
enum srv_note_type {
	SRV_NOTE_YOUR_TURN = 0,
	SRV_NOTE_DEADLINE_24H,
	SRV_NOTE_DEADLINE_8H,
	SRV_NOTE_DEADLINE_1H,
	SRV_NOTE_GAME_OVER,
	SRV_NOTE_CHALLENGE,
	SRV_NOTE_TELL,
	SRV_NOTE_TOURNAMENT, /* a tournament's news for a player: a round paired, a bid asked... */
	SRV_NOTE_TEST,       /* `notify test`: always sent, not a choice */
	SRV_NOTE_NTYPES
};

/* The names of the types ("your-turn", "deadline-24h", ...), as in `notify events`. */
extern const char *const srv_note_names[SRV_NOTE_NTYPES];
/* Every type a user may choose, and the default choice (all but deadline-8h). */
#define SRV_NOTE_ALL     ((1u << SRV_NOTE_TEST) - 1u)
#define SRV_NOTE_DEFAULT (SRV_NOTE_ALL & ~(1u << SRV_NOTE_DEADLINE_8H))

/* What the outside is told (strings not owned; NULL or 0: not part of this notification). */
struct srv_note {
	enum srv_note_type type;
	int64_t game;         /* the game's id */
	const char *scenario; /* its scenario id */
	const char *side;     /* the user's side */
	const char *opponent; /* the opponent's name */
	int64_t deadline;     /* when the user's clock runs out (ms) */
	const char *result;   /* game-over: the public result */
	const char *winner;   /* game-over: the winning side */
	const char *from;     /* challenge, tell: who */
	int64_t ref;          /* challenge: its id; tell: its id; tournament: its id */
	const char *message;  /* tell: the text; challenge: the game offered; tournament: what */
};

/* The type named name (case-insensitive), or -1 (test is not a choice: -1). */
int srv_note_type_by_name(const char *name);
/*
 * Applies one word of `notify events` to *mask: "all", "none", "default", a type name (set
 * mode: the first plain name clears the mask first), "+name" or "-name".  *first is 1 before
 * the first word.  0, or -1 with a sentence in err.
 */
int srv_note_events_word(unsigned *mask, const char *word, int *first, char *err, size_t size);
/* The names of mask separated by spaces ("none" when empty); returns buf. */
char *srv_note_events_text(unsigned mask, char *buf, size_t size);

/* The one sentence of a notification (plain UTF-8, no line break); returns buf. */
char *srv_nf_text(const struct srv_note *n, char *buf, size_t size);

/*
 * The webhook body: one JSON object, {"id","type","at","user","text"} and the note's fields
 * that are set ("game","scenario","side","opponent","deadline","result","winner","from",
 * "challenge","tell","message"); at and deadline in seconds since the epoch.  malloc'd (you
 * free it), or NULL when out of memory.
 */
char *srv_nf_webhook_body(const struct srv_note *n, const char *uid, int64_t at, const char *user);

/* The signature header value of body: "sha256=" and the hex HMAC-SHA256 of body keyed with
 * the secret's bytes as shown to the user; out needs SRV_NF_SIG_SIZE bytes. */
#define SRV_NF_SIG_SIZE (7 + 64 + 1)
void srv_nf_sign(const char *secret, const void *body, size_t len, char *out);

/* An e-mail message for `sendmail -t -i`: headers (From, To, Subject, Date, Message-ID
 * <uid@wargamed>, X-Wargamed-Id, X-Wargamed-Event, Auto-Submitted, MIME UTF-8) and body;
 * control characters of the values are dropped.  malloc'd, or NULL. */
char *srv_nf_mail(const char *from, const char *to, const char *uid, const char *event, int64_t at,
                  const char *subject, const char *body);
/* The message of one notification to user (address to). */
char *srv_nf_mail_note(const struct srv_note *n, const char *from, const char *to, const char *uid,
                       int64_t at, const char *user);
/* A digest item as stored (the time and the sentence); malloc'd, or NULL. */
char *srv_nf_digest_item(const struct srv_note *n, int64_t at);
/* The daily digest of n items (oldest first); malloc'd, or NULL. */
char *srv_nf_mail_digest(const char *from, const char *to, const char *uid, int64_t at,
                         const char *user, const char *const *items, size_t n);
/* The first instant after now at hour:00 UTC. */
int64_t srv_nf_next_digest(int64_t now, int hour);

/*
 * The retry schedule: attempt n (1-based) failed; the next comes SRV_NF_BACKOFF(n) later:
 * 30 s, doubled each time, at most 2 h.  After attempt SRV_NF_ATTEMPTS a notification is
 * given up: 8 h 7 min 30 s after the first attempt when every attempt failed at once.
 */
#define SRV_NF_ATTEMPTS   12
#define SRV_NF_FIRST_WAIT ((int64_t)30 * 1000)
#define SRV_NF_MAX_WAIT   ((int64_t)2 * 3600 * 1000)
int64_t srv_nf_backoff(int attempt);

/* What a webhook's HTTP status means: delivered (2xx), retried (no answer, 408, 425, 429,
 * 5xx and anything else), or given up at once (the other 4xx: the receiver refuses it). */
enum srv_nf_verdict { SRV_NF_DELIVERED, SRV_NF_RETRY, SRV_NF_REFUSED };
enum srv_nf_verdict srv_nf_http_verdict(long status);

/* 0 if url is a webhook URL the server accepts (http:// or https://, a host, printable
 * ASCII without blanks, at most 512 bytes; unless allow_private, a host written as an IP
 * address must be public: srv_nf_addr_kind), else -1 with a sentence in err. */
int srv_nf_check_url(const char *url, int allow_private, char *err, size_t size);
/*
 * What kind of address that is not public sa is, or NULL for a public one (an AF_INET or
 * AF_INET6 socket address; any other family is "not IP"): "unspecified", "loopback",
 * "private" (RFC 1918, IPv6 unique-local and site-local), "shared" (100.64/10),
 * "link-local", "multicast", "reserved" (documentation, benchmarking, 240/4, ...).  An
 * IPv4-mapped or NAT64 IPv6 address is the kind of the IPv4 address inside.  Webhooks go
 * only to public addresses unless the operator says otherwise (--webhook-private): a URL
 * is a user's, and the server must not become its way into the server's own network.
 */
struct sockaddr;
const char *srv_nf_addr_kind(const struct sockaddr *sa);
/* 0 if addr is an e-mail address the server accepts (local@domain, ASCII, at most 254
 * bytes, no character a mail header would read otherwise), else -1 with err. */
int srv_nf_check_email(const char *addr, char *err, size_t size);

#endif
