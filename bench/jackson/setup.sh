#!/bin/sh
# Installs what run.sh needs on Debian/Ubuntu: jackson-core 2.14 and a JDK.
set -eu
apt-get update
apt-get install -y libjackson2-core-java
command -v javac >/dev/null 2>&1 || apt-get install -y openjdk-17-jdk-headless
