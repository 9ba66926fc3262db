package runtime

import "unsafe"

// RoomStarts lets the external tests see where a loaded plan's rooms
// start: the matcher's (its nodes) and the policy index's, 0 for none,
// and the bytes the nodes take (planroom_test.go).
func RoomStarts(p *Plan) (nodes, policies uintptr, nodeBytes int) {
	start := func(r *tableRoom) uintptr {
		if r == nil || len(r.free) == 0 {
			return 0
		}
		return uintptr(unsafe.Pointer(unsafe.SliceData(r.free)))
	}
	return start(p.Matcher.room), start(p.PolicyIndex.room), nodeTableBytes(&p.Matcher)
}
