package web

import (
	"net/http"

	"tablekeeper/core/storage"
	"tablekeeper/internal/cluster"
)

// Cluster is what the store network uses of the laptops an event runs
// on (internal/cluster's Node): who leads and every laptop's address
// (Status), whether this laptop leads, and how a write that reached a
// standby goes to the leader (Forward).
type Cluster interface {
	Status() cluster.Status
	Leader() bool
	Forward(w http.ResponseWriter, r *http.Request) error
}

// joining is a Cluster that may run alone for a while (the window's,
// until the organizer lets standby laptops join): while not Joined, the
// network answers as a laptop alone.
type joining interface {
	Joined() bool
}

// cluster is the cluster this laptop is part of now, nil while it runs
// alone.
func (s *Server) cluster() Cluster {
	c := s.cfg.Cluster
	if j, ok := c.(joining); ok && !j.Joined() {
		return nil
	}
	return c
}

// elsewhere is path (such as "/events/3") on each of the cluster's other
// laptops, nil while this one runs alone: the poster prints them under
// its own code, for the phones of a laptop that died.
func (s *Server) elsewhere(path string) []string {
	c := s.cluster()
	if c == nil {
		return nil
	}
	st := c.Status()
	var out []string
	for _, m := range st.Members {
		if o := originOf(m.URL); o != "" && o != originOf(st.Self) {
			out = append(out, o+path)
		}
	}
	return out
}

// forwards reports whether r is a write this laptop sends to the leader:
// it is a standby of a cluster, and r was not itself forwarded to it.
func (s *Server) forwards(r *http.Request) bool {
	c := s.cluster()
	return c != nil && r.Method != http.MethodGet && r.Method != http.MethodHead &&
		!cluster.Forwarded(r) && !c.Leader()
}

// clusterRoutes answer where the event's laptops are.
func (s *Server) clusterRoutes() []route {
	return []route{{"GET /api/cluster", s.apiCluster}, {"GET /handoff", s.pageHandoff}}
}

// clusterJSON is /api/cluster in a cluster: its status, and the
// device's handoff to another laptop (handoff.go).
type clusterJSON struct {
	cluster.Status
	Handoff string `json:"handoff,omitempty"`
}

// apiCluster answers the cluster's status (docs/network/api.md): the
// leader's address and every laptop's role, and in a cluster the
// device's handoff. A server that runs alone
// answers as a cluster of one, itself the leader, so that a page reads
// one shape whatever the store runs.
func (s *Server) apiCluster(w http.ResponseWriter, r *http.Request) {
	if c := s.cluster(); c != nil {
		writeJSON(w, http.StatusOK, clusterJSON{Status: c.Status(), Handoff: s.handoffOf(r)})
		return
	}
	self := s.baseURL(r)
	writeJSON(w, http.StatusOK, cluster.Status{Leader: self, Self: self,
		Members: []cluster.Member{{URL: self, Role: "leader", InStep: true}}})
}

// headerRequest is the id every attempt of one write from a page carries
// (tk.js postJSON): a write sent again after its answer was lost, to this
// laptop or through another, is recorded once.
const headerRequest = "Tablekeeper-Request"

// withRequestID gives a write's context the request id its page sent: 16
// to 64 letters, digits and dashes (anything else is ignored, as a write
// without one).
func withRequestID(r *http.Request) *http.Request {
	id := r.Header.Get(headerRequest)
	if r.Method == http.MethodGet || r.Method == http.MethodHead || len(id) < 16 || len(id) > 64 {
		return r
	}
	for _, c := range id {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '-') {
			return r
		}
	}
	return r.WithContext(storage.WithRequests(r.Context(), "p-"+id))
}
