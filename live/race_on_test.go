//go:build race

package live

// raceDetector: the race detector's sync.Pool drops a quarter of what is
// put in it, so a regexp-fallback policy's matcher (regexp keeps them in
// a Pool) is allocated again on some calls: an allocation count under
// -race says nothing about a normal build's.
const raceDetector = true
