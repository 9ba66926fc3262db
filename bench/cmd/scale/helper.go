package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"
)

// A measured step runs under a copy of this program started with helperEnv
// set, which runs the step's command and reports its time and peak memory
// (measureChild). The copy is small: on Linux a child's peak resident set
// (ru_maxrss) starts from its parent's at exec, so a step run straight
// from here, which holds a whole generated config, reported this
// program's few hundred MB as the step's own.
const helperEnv = "DESTGEN_SCALE_HELPER"

func init() {
	if os.Getenv(helperEnv) != "" {
		os.Exit(measureChild(os.Args[1:]))
	}
}

// measureChild runs args as a command, in this process's directory and
// environment (less helperEnv), with its standard error passed through,
// and prints its step as JSON on standard output. It exits with the
// command's status.
func measureChild(args []string) int {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = slices.DeleteFunc(os.Environ(), func(kv string) bool { return strings.HasPrefix(kv, helperEnv+"=") })
	cmd.Stdout = io.Discard
	cmd.Stderr = os.Stderr
	start := time.Now()
	err := cmd.Run()
	s := step{Seconds: time.Since(start).Seconds()}
	if cmd.ProcessState != nil {
		if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok && runtime.GOOS == "linux" {
			s.PeakMB = float64(ru.Maxrss) / 1024 // kilobytes on Linux
			s.CPUSeconds = float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e9
		}
	}
	if jerr := json.NewEncoder(os.Stdout).Encode(s); jerr != nil && err == nil {
		err = jerr
	}
	if exit, ok := err.(*exec.ExitError); ok {
		return exit.ExitCode()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}
