# Shared by the deploy scripts: messages, the packages they need, podman as this machine runs it.

say() { echo "kb-pages deploy: $*" >&2; }

# Installs the Debian packages whose commands are missing, and says so.
need_packages() {
  local missing=()
  for package in "$@"; do
    command -v "$package" >/dev/null 2>&1 || missing+=("$package")
  done
  ((${#missing[@]} == 0)) && return 0
  say "installing ${missing[*]} with apt-get"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null \
    || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}" >/dev/null; }
}

# podman with runc and the limits this machine permits (it refuses to raise them).
kb_podman() {
  podman --runtime runc "$@"
}

KB_ULIMITS=(--ulimit nofile=4096:4096 --ulimit nproc=4096:4096)

# The Node version package-lock.json pins (the `node` package), readable before any install.
pinned_node_version() {
  sed -n '/"node_modules\/node": {/,/}/s/.*"version": "\([^"]*\)".*/\1/p' package-lock.json | head -1
}

image_exists() { kb_podman image exists "$1"; }

image_size() { kb_podman image inspect --format '{{.Size}}' "$1" | awk '{ printf "%.0f MB", $1 / 1e6 }'; }
