// The nginx configuration of `npm run cluster`: a load balancer in front of the gateways as a
// production one would be, written into the cluster's data folder (never /etc/nginx).
import { join } from 'node:path';

/** The address nginx connects to the gateways from, and the one address the gateways trust to forward (TRUST_PROXY). */
export const NGINX_SOURCE_ADDRESS = '127.0.0.2';

/**
 * @param {{
 *   prefix: string,
 *   port: number,
 *   gateways: { port: number, down: boolean }[],
 *   user?: string,
 * }} options `prefix` holds the configuration, pid, access log and temporary files; `user` the
 *   account the workers run as when nginx is started as root.
 */
export function nginxConfig({ prefix, port, gateways, user }) {
  const temp = (name) => join(prefix, 'temp', name);
  const servers = gateways.map(
    // One failed connection takes a gateway out for 2 s; nginx then tries it again with a request.
    ({ port: at, down }) => `    server 127.0.0.1:${at} max_fails=1 fail_timeout=2s${down ? ' down' : ''};`,
  );
  return `# Written by \`npm run cluster\` at each start and each step of a rolling restart: edits are lost.
daemon off;
master_process on;
worker_processes auto;
${user ? `user ${user};\n` : ''}pid ${join(prefix, 'nginx.pid')};
error_log stderr warn;
# A worker replaced by a reload finishes the requests it holds, for this long at most.
worker_shutdown_timeout 10s;

events {
  worker_connections 4096;
}

http {
  server_tokens off;
  # One JSON line per request, under the id both services log it with. No path or query: a link's
  # path names a person and its query may hold a token.
  log_format cluster escape=json '{"time":"$time_iso8601","requestId":"$request_id","client":"$remote_addr",'
    '"method":"$request_method","status":$status,"upstream":"$upstream_addr","upstreamStatus":"$upstream_status",'
    '"seconds":$request_time}';
  access_log ${join(prefix, 'access.log')} cluster;
  client_body_temp_path ${temp('client_body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};

  upstream gateways {
${servers.join('\n')}
    # Kept-alive connections to the gateways, each closed by nginx after 4 s idle, before a
    # gateway's own 8 s would close it under a request.
    keepalive 64;
    keepalive_timeout 4s;
    keepalive_requests 10000;
  }

  server {
    listen 127.0.0.1:${port};
    # Above the gateway's own 1 MB limit, so the gateway answers an oversize body in its own words.
    client_max_body_size 2m;

    # Never through the load balancer, whatever a client sends.
    location = /metrics {
      return 404;
    }

    location / {
      proxy_pass http://gateways;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      # The client's address as nginx saw it, replacing whatever the client wrote; the gateways
      # believe it from nginx's own source address only.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Forwarded "";
      proxy_bind ${NGINX_SOURCE_ADDRESS};
      # One id per request, from here through both services' logs, answered to the client.
      proxy_set_header X-Request-Id $request_id;
      proxy_hide_header X-Request-Id;
      add_header X-Request-Id $request_id always;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      # Sent to the other gateway only what cannot have been done: a connection refused or not
      # made in time. A request a gateway has taken is never sent twice (nginx resends no POST
      # once sent), and its 503 while it stops reaches the client, which may send it again.
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_next_upstream_timeout 5s;
    }
  }
}
`;
}
