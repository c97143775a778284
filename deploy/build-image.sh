#!/usr/bin/env bash
# Builds the kb-pages image with podman from this checkout, on bases built here when no registry
# gives node:26 (deploy/base-images.sh). Usage: deploy/build-image.sh [TAG], default kb-pages:latest.
set -euo pipefail
cd "$(dirname "$0")/.."
source deploy/lib.sh
need_packages podman runc

tag=${1:-kb-pages:latest}
read -r build_image slim_image < <(bash deploy/base-images.sh | tail -1)
say "building $tag on $build_image and $slim_image"
# --format docker keeps HEALTHCHECK; the host network reaches the npm registry as this machine does.
kb_podman build --format docker --network host "${KB_ULIMITS[@]}" \
  --build-arg BUILD_IMAGE="$build_image" --build-arg BASE_IMAGE="$slim_image" \
  --tag "$tag" . >&2
say "built $tag: $(image_size "$tag")"
