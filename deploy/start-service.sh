#!/bin/sh
# Starts one service of the image (SERVICE=gateway, directory, ...) exactly as its package's `start`
# script does, with that service's node flags and telemetry preloaded. The script ends in `exec
# node`, so node replaces this shell (PID 1 in a container) and receives the stop signal itself.
set -eu
cd "$(dirname "$0")/../services/${SERVICE:?set SERVICE to the service to start}"
eval "$(node -p 'require("./package.json").scripts.start')"
