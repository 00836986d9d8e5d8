package server

import (
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/cqlvm/cqlvm/limits"
)

// maxHeaderBytes bounds a request's headers: the page's are a few
// hundred bytes.
const maxHeaderBytes = 64 << 10

// Serve answers the connections of ln until it fails: with the limits
// read-timeout (on a request's headers and body), write-timeout (on its
// answer) and idle-timeout (on a kept-alive connection between
// requests), and at most server-connections connections open at once.
func (s *Server) Serve(ln net.Listener) error {
	v := s.cfg.Limits
	cl := newConnLimiter(ln, v.Int(limits.ServerConnections))
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: v.Duration(limits.ReadTimeout),
		ReadTimeout:       v.Duration(limits.ReadTimeout),
		WriteTimeout:      v.Duration(limits.WriteTimeout),
		IdleTimeout:       v.Duration(limits.IdleTimeout),
		MaxHeaderBytes:    maxHeaderBytes,
		ConnState:         cl.track,
	}
	return hs.Serve(cl)
}

// connLimiter is a listener that keeps at most max connections open:
// when they are all open it closes the one idle the longest (a
// kept-alive connection between requests) to accept a new one, and
// when none is idle it waits for one to close.
type connLimiter struct {
	net.Listener
	max int

	mu     sync.Mutex
	wake   *sync.Cond // a connection closed, or the listener did
	open   int
	idle   map[net.Conn]time.Time // since when each idle connection is
	closed bool
}

func newConnLimiter(ln net.Listener, max int) *connLimiter {
	l := &connLimiter{Listener: ln, max: max, idle: map[net.Conn]time.Time{}}
	l.wake = sync.NewCond(&l.mu)
	return l
}

func (l *connLimiter) Accept() (net.Conn, error) {
	if err := l.makeRoom(); err != nil {
		return nil, err
	}
	c, err := l.Listener.Accept()
	if err != nil {
		l.release()
		return nil, err
	}
	return &limitedConn{Conn: c, l: l}, nil
}

// makeRoom takes a place for a new connection, closing idle ones or
// waiting as needed.
func (l *connLimiter) makeRoom() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	for l.open >= l.max && !l.closed {
		victim := l.longestIdle()
		if victim == nil {
			l.wake.Wait()
			continue
		}
		delete(l.idle, victim)
		l.mu.Unlock()
		victim.Close() // gives its place back through limitedConn.Close
		l.mu.Lock()
	}
	if l.closed {
		return net.ErrClosed
	}
	l.open++
	return nil
}

// longestIdle is the connection idle the longest, or nil. The caller
// holds l.mu.
func (l *connLimiter) longestIdle() net.Conn {
	var oldest net.Conn
	var since time.Time
	for c, t := range l.idle {
		if oldest == nil || t.Before(since) {
			oldest, since = c, t
		}
	}
	return oldest
}

func (l *connLimiter) release() {
	l.mu.Lock()
	l.open--
	l.wake.Signal()
	l.mu.Unlock()
}

// track is the http.Server's ConnState: it notes which connections are
// idle.
func (l *connLimiter) track(c net.Conn, state http.ConnState) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if state == http.StateIdle {
		l.idle[c] = time.Now()
	} else {
		delete(l.idle, c)
	}
}

func (l *connLimiter) Close() error {
	l.mu.Lock()
	l.closed = true
	l.wake.Broadcast()
	l.mu.Unlock()
	return l.Listener.Close()
}

// limitedConn gives its place back once closed.
type limitedConn struct {
	net.Conn
	l    *connLimiter
	once sync.Once
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.l.release)
	return err
}
