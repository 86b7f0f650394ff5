# Sourced by ./tme and bench/load/lib/common.sh: the one way a script here finds a JDK 21+ (the default `java` may be
# older) and installs with apt-get what is missing. Defines java_major, apt_install and select_jdk; select_jdk
# exports JAVA_HOME.

java_major() { "$1/bin/java" -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -1; }

apt_updated=no
apt_install() {
  if ! command -v apt-get >/dev/null; then
    echo "Please install: $*" >&2
    exit 1
  fi
  local sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  if [ "$apt_updated" = no ]; then $sudo apt-get update -qq; apt_updated=yes; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

# JAVA_HOME if it is a JDK 21+, else the first JDK 21+ in /usr/lib/jvm, else one installed from Debian.
select_jdk() {
  if [ -n "${JAVA_HOME:-}" ] && [ -x "$JAVA_HOME/bin/javac" ] && [ "$(java_major "$JAVA_HOME")" -ge 21 ]; then
    return
  fi
  for home in /usr/lib/jvm/*; do
    if [ -x "$home/bin/javac" ] && [ "$(java_major "$home")" -ge 21 ]; then
      export JAVA_HOME="$home"
      return
    fi
  done
  apt_install openjdk-21-jdk-headless || apt_install openjdk-25-jdk-headless
  select_jdk
}
