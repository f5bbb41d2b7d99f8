#!/bin/sh
# Compiles and runs the jackson-core string-writing benchmark (see README.md).
# Usage: bench/jackson/run.sh [-count N] [-benchtime MS] [-filter REGEX] [-warmup MS] [-procs N]
# Installs nothing: run setup.sh (or apt-get install libjackson2-core-java) first.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
jar=${JACKSON_JAR:-/usr/share/java/jackson-core.jar}

if [ ! -r "$jar" ]; then
	echo "run.sh: jackson-core jar not found at $jar" >&2
	echo "run.sh: install it with bench/jackson/setup.sh (apt-get install libjackson2-core-java)," >&2
	echo "run.sh: or point JACKSON_JAR at a jackson-core 2.14 jar" >&2
	exit 1
fi
for tool in javac java; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "run.sh: $tool not found; a JDK 17 is needed (apt-get install openjdk-17-jdk-headless)" >&2
		exit 1
	fi
done

build="$here/build"
mkdir -p "$build"
javac -nowarn -d "$build" -cp "$jar" "$here/src/JacksonBench.java"

# Fixed heap, pre-touched, so GC sizing does not drift between cells.
exec java -Xms1g -Xmx1g -XX:+AlwaysPreTouch -cp "$build:$jar" JacksonBench "$@"
