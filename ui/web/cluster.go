package web

import (
	"net/http"

	"tablekeeper/internal/cluster"
)

// Cluster is what the pages read of the laptops an event runs on
// (internal/cluster's Node): who leads, and every laptop's address.
type Cluster interface {
	Status() cluster.Status
}

// clusterRoutes answer where the event's laptops are.
func (s *Server) clusterRoutes() []route {
	return []route{{"GET /api/cluster", s.apiCluster}}
}

// apiCluster answers the cluster's status (docs/network/api.md): the
// leader's address and every laptop's role. A server that runs alone
// answers as a cluster of one, itself the leader, so that a page reads
// one shape whatever the store runs.
func (s *Server) apiCluster(w http.ResponseWriter, r *http.Request) {
	if s.cfg.Cluster != nil {
		writeJSON(w, http.StatusOK, s.cfg.Cluster.Status())
		return
	}
	self := s.baseURL(r)
	writeJSON(w, http.StatusOK, cluster.Status{Leader: self, Self: self,
		Members: []cluster.Member{{URL: self, Role: "leader", InStep: true}}})
}
