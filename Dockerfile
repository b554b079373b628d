# The Digital Wall image: the release tarball (scripts/release) on debian:bookworm-slim with
# only the tarball's RUNTIME-PACKAGES; nothing is compiled here.
#
#   scripts/release --version 1.2.3
#   docker build --build-arg TARBALL=dist/dwall-1.2.3-linux-x86_64.tar.gz -t dwall:1.2.3 .
#   docker run -p 8080:8080 -v dwall-data:/data dwall:1.2.3
#
# dwall runs as the unprivileged user dwall (uid 10001), keeps everything in the /data volume,
# listens on 0.0.0.0:8080 and is PID 1 in exec form, so `docker stop`'s SIGTERM reaches it and
# it stops gracefully (new requests 503, saves in flight commit, exit 0). Admin commands:
#   docker exec -it CONTAINER dwall user create alice
# Not built on the project's CI machine (it has no container engine): .github/workflows/
# release.yml builds and publishes it on a tag; scripts/check-deploy lints it here.
FROM debian:bookworm-slim

# The tarball's path in the build context, e.g. dist/dwall-1.2.3-linux-x86_64.tar.gz.
ARG TARBALL
# ADD unpacks a local tar.gz: /opt/dwall-VERSION-linux-ARCH/, renamed /opt/dwall below.
ADD ${TARBALL} /opt/
RUN set -eu; \
    mv /opt/dwall-*-linux-* /opt/dwall; \
    apt-get update; \
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(cat /opt/dwall/RUNTIME-PACKAGES); \
    rm -rf /var/lib/apt/lists/*; \
    ln -s /opt/dwall/dwall /usr/local/bin/dwall; \
    useradd --system --uid 10001 --user-group --home-dir /data --shell /usr/sbin/nologin dwall; \
    mkdir -p /data; chown dwall:dwall /data; \
    dwall --version

ENV DWALL_DATA=/data \
    DWALL_HOST=0.0.0.0 \
    DWALL_PORT=8080 \
    OMP_THREAD_LIMIT=1
USER dwall
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
STOPSIGNAL SIGTERM
# bash (in every Debian image) asks /healthz; no curl needed.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["bash", "-c", "exec 3<>/dev/tcp/127.0.0.1/${DWALL_PORT:-8080} && printf 'GET /healthz HTTP/1.0\\r\\nHost: localhost\\r\\n\\r\\n' >&3 && head -n 1 <&3 | grep -q ' 200 '"]
ENTRYPOINT ["/usr/local/bin/dwall"]
CMD ["serve"]
