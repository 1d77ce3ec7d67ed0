# syntax=docker/dockerfile:1
# The `replay` command in a container, built on the official Swift images.
#
#   docker build -t tapreplay .
#   docker run --rm -v "$PWD:/work" tapreplay --baseline Baselines            # runs in /work: your checkout
#   docker run --rm -v "$PWD:/work" tapreplay audit snapshots/Settings.json
#
# The build stage installs what .ci/run installs on a new machine to build
# (SQLite's development files) and builds the release product `replay`; the
# image is the slim Swift runtime with SQLite's library and the binary.
ARG SWIFT_VERSION=6.3

FROM swift:${SWIFT_VERSION}-noble AS build
# The distribution's current SQLite, as .ci/run installs it (no pinned version: the base image pins the distribution).
# hadolint ignore=DL3008
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -qq \
    && apt-get install -y -qq --no-install-recommends libsqlite3-dev zlib1g-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY . .
RUN swift build -c release --product replay \
    && install -D "$(swift build -c release --show-bin-path)/replay" /out/replay

FROM swift:${SWIFT_VERSION}-noble-slim
# Node and TypeScript: `replay lint` reads @expo/ui TSX with TypeScript's compiler (docs/lint.md, "Expo").
# hadolint ignore=DL3008
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get update -qq \
    && apt-get install -y -qq --no-install-recommends libsqlite3-0 zlib1g nodejs node-typescript \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/replay /usr/local/bin/replay
# The history database (.replay/replay.sqlite) and every relative path are the mounted checkout's.
WORKDIR /work
ENTRYPOINT ["replay"]
CMD ["--help"]
