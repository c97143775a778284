#!/usr/bin/env bash
# nginx in front of kb-pages replicas, from deploy/nginx/kb-pages.conf.template.
#   deploy/balancer.sh start RUN_DIR LISTEN_PORT REPLICA_PORT...   writes RUN_DIR/nginx.conf, starts nginx
#   deploy/balancer.sh stop RUN_DIR                                stops it
# Replicas listen on 127.0.0.1 (containers on the host network); so does nginx.
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/lib.sh

command=${1:?usage: deploy/balancer.sh start|stop RUN_DIR [LISTEN_PORT REPLICA_PORT...]}
run_dir=$(realpath -m "${2:?RUN_DIR is missing}")

case "$command" in
  start)
    listen_port=${3:?LISTEN_PORT is missing}
    shift 3
    (($# > 0)) || { echo "error: name at least one replica port" >&2; exit 2; }
    need_packages nginx
    mkdir -p "$run_dir"
    servers=""
    for port in "$@"; do
      servers+="    server 127.0.0.1:$port max_fails=1 fail_timeout=5s;"$'\n'
    done
    awk -v servers="${servers%$'\n'}" -v listen="127.0.0.1:$listen_port" -v run_dir="$run_dir" '
      { gsub(/\{\{RUN_DIR\}\}/, run_dir); gsub(/\{\{LISTEN\}\}/, listen) }
      /\{\{SERVERS\}\}/ { print servers; next }
      { print }' deploy/nginx/kb-pages.conf.template >"$run_dir/nginx.conf"
    nginx -t -q -c "$run_dir/nginx.conf"
    nginx -c "$run_dir/nginx.conf"
    say "nginx listens on 127.0.0.1:$listen_port, balancing 127.0.0.1:{$(IFS=,; echo "$*")}"
    ;;
  stop)
    [[ -f "$run_dir/nginx.pid" ]] && nginx -c "$run_dir/nginx.conf" -s quit || true
    ;;
  *)
    echo "error: unknown command $command (start or stop)" >&2
    exit 2
    ;;
esac
