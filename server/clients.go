package server

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"net/http"
	"time"

	"github.com/cqlvm/cqlvm/limits"
)

// clientHeader and clientCookie carry the client id: one run at a time
// per client, a new run cancels the client's previous one.
const (
	clientHeader = "X-Cqlvm-Client"
	clientCookie = "cqlvm_client"
)

// How long a client's finished run is safe from others: a client
// without a running run that has not been seen for clientIdle may make
// room for a new client when the table is full, and one not seen for
// clientExpiry is dropped, its kept games freed.
const (
	clientIdle   = time.Minute
	clientExpiry = 30 * time.Minute
)

// client is one browser (or API user) that has run a query, and its
// last run.
type client struct {
	id       string
	lastSeen time.Time
	run      *run
}

// idle reports whether the client may be dropped for a new one at now:
// its run has ended and it has not been seen for a while.
func (c *client) idle(now time.Time) bool {
	return !c.run.running() && now.Sub(c.lastSeen) >= clientIdle
}

// Client ids are server-issued secrets: 16 random bytes and their MAC
// under the server's key. The server knows its own ids without storing
// them, so that a client takes a place in the table only once it runs a
// query, and nobody can name (or guess) another's.
const idBytes = 16

func (s *Server) newClientID() string {
	b := make([]byte, idBytes)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b) + hex.EncodeToString(s.mac(b))
}

func (s *Server) mac(b []byte) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write(b)
	return m.Sum(nil)[:idBytes]
}

// validID reports whether id is one this server issued.
func (s *Server) validID(id string) bool {
	raw, err := hex.DecodeString(id)
	if err != nil || len(raw) != 2*idBytes {
		return false
	}
	return hmac.Equal(raw[idBytes:], s.mac(raw[:idBytes]))
}

// clientID is the request's client id: the X-Cqlvm-Client header's or
// the cookie's. A request without one (or with a cookie of another
// server, or of this one before a restart) is given a new one in a
// cookie. A header that is not an id of this server is an error: ok is
// false and the error written.
func (s *Server) clientID(w http.ResponseWriter, r *http.Request) (id string, ok bool) {
	if id := r.Header.Get(clientHeader); id != "" {
		if !s.validID(id) {
			writeError(w, http.StatusForbidden, "the "+clientHeader+" header is not a client id this server gave: take the one /api/info answers (\"client\")")
			return "", false
		}
		return id, true
	}
	if c, err := r.Cookie(clientCookie); err == nil && s.validID(c.Value) {
		return c.Value, true
	}
	id = s.newClientID()
	http.SetCookie(w, &http.Cookie{Name: clientCookie, Value: id, Path: "/", HttpOnly: true, SameSite: http.SameSiteStrictMode})
	return id, true
}

// seen is the client id's entry, nil when it has run nothing (or was
// dropped); it notes that the client was seen.
func (s *Server) seen(id string) *client {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.clients[id]
	if c != nil {
		c.lastSeen = time.Now()
	}
	return c
}

// enter is the client's entry, made for its first run. When the table
// holds server-clients clients, the one seen least recently among the
// idle makes room, its kept games freed; when none is idle the error
// names the limit. The caller holds s.mu.
func (s *Server) enter(id string, now time.Time) (*client, error) {
	if c := s.clients[id]; c != nil {
		return c, nil
	}
	s.dropExpired(now)
	if max := s.cfg.Limits.Int(limits.ServerClients); len(s.clients) >= max {
		oldest := s.leastRecentIdle(now)
		if oldest == nil {
			return nil, s.cfg.Limits.Exceeded(limits.ServerClients,
				"the server is busy: the other clients' runs are running or were used in the last minute; try again later")
		}
		s.drop(oldest)
	}
	c := &client{id: id, lastSeen: now}
	s.clients[id] = c
	return c, nil
}

// dropExpired drops the clients not seen for clientExpiry whose runs
// have ended. The caller holds s.mu.
func (s *Server) dropExpired(now time.Time) {
	for _, c := range s.clients {
		if !c.run.running() && now.Sub(c.lastSeen) >= clientExpiry {
			s.drop(c)
		}
	}
}

// leastRecentIdle is the idle client seen least recently, or nil. The
// caller holds s.mu.
func (s *Server) leastRecentIdle(now time.Time) *client {
	var oldest *client
	for _, c := range s.clients {
		if c.idle(now) && (oldest == nil || c.lastSeen.Before(oldest.lastSeen)) {
			oldest = c
		}
	}
	return oldest
}

// drop removes a client whose run has ended, freeing its kept games.
// The caller holds s.mu.
func (s *Server) drop(c *client) {
	delete(s.clients, c.id)
	c.run.release()
}
