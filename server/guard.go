package server

import (
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
)

// guard refuses, with a JSON error, the requests no page of the server
// makes: a Host that does not name the server (a page of another site
// reaching it through DNS rebinding), a state-changing request from
// another origin, and a method the page's files do not answer. It
// reports whether the request may go on.
func (s *Server) guard(w http.ResponseWriter, r *http.Request) bool {
	if !s.hostAllowed(r) {
		writeError(w, http.StatusMisdirectedRequest, "the Host "+quoteHost(r.Host)+
			" does not name this server: use the address it listens on (127.0.0.1, localhost or [::1] with its port), or start it with --allow-host NAME to reach it by that name")
		return false
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead && !sameOrigin(r) {
		writeError(w, http.StatusForbidden, "a "+r.Method+" request from another origin ("+r.Header.Get("Origin")+") is refused: only the server's own page may send one")
		return false
	}
	if !strings.HasPrefix(r.URL.Path, "/api/") && r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		writeError(w, http.StatusMethodNotAllowed, "the page's files are read with GET, not "+r.Method)
		return false
	}
	return true
}

func quoteHost(h string) string {
	if len(h) > 100 {
		h = h[:100] + "..."
	}
	return `"` + h + `"`
}

// hostAllowed reports whether the request's Host names the server: a
// loopback address or localhost, or the address the connection reached,
// with the port it reached; or a name of Config.AllowHosts.
func (s *Server) hostAllowed(r *http.Request) bool {
	host := strings.ToLower(r.Host)
	if host == "" {
		return false
	}
	name, port, err := net.SplitHostPort(host)
	if err != nil { // no port: the default one
		name, port = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]"), "80"
	}
	for _, a := range s.cfg.AllowHosts {
		if a = strings.ToLower(a); a == host || a == name {
			return true
		}
	}
	local, _ := r.Context().Value(http.LocalAddrContextKey).(*net.TCPAddr)
	if local == nil || port != portOf(local) {
		return false
	}
	if name == "localhost" {
		return true
	}
	ip := net.ParseIP(name)
	return ip != nil && (ip.IsLoopback() || ip.Equal(local.IP))
}

func portOf(a *net.TCPAddr) string {
	_, port, _ := net.SplitHostPort(a.String())
	return port
}

// sameOrigin reports whether a request that may change the server's
// state comes from the server's own page: no Origin (not a browser's
// cross-origin request), or the origin of the Host it was sent to.
func sameOrigin(r *http.Request) bool {
	origin := r.Header.Get("Origin")
	if origin == "" {
		return true
	}
	u, err := url.Parse(origin)
	return err == nil && slices.Contains([]string{"http", "https"}, u.Scheme) &&
		strings.EqualFold(u.Host, r.Host) && u.Path == "" && u.User == nil
}
