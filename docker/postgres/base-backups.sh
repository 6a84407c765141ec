#!/bin/sh
# The `backup` service: a base backup now and then every BACKUP_EVERY_SECONDS (default a day), then backups
# beyond the newest BACKUP_KEEP_FULL (default 7) are deleted with the WAL only they need. With the WAL that
# Postgres archives continuously, any moment since the oldest kept base backup can be recovered.
set -eu
every=${BACKUP_EVERY_SECONDS:-86400}
keep=${BACKUP_KEEP_FULL:-7}
until pg_isready -q; do sleep 2; done
while :; do
  echo "base backup starting"
  walg-env.sh backup-push "$PGDATA"
  walg-env.sh delete retain FULL "$keep" --confirm
  walg-env.sh backup-list
  sleep "$every"
done
