#!/bin/sh
# Runs a WAL-G command with the store's settings: Postgres's archive_command and restore_command, the
# base-backup loop and an operator's recovery all go through here. The S3 secret comes from a file.
set -eu
AWS_SECRET_ACCESS_KEY=$(cat "${WALG_S3_SECRET_FILE:-/run/secrets/walg_s3_secret}")
export AWS_SECRET_ACCESS_KEY
exec wal-g "$@"
